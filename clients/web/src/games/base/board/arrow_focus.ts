// The arrow keys among the board's controls: from the square (or follower spot) that has the
// focus, an arrow moves it to the nearest control that way, so that a keyboard player goes from
// square to square as on a grid rather than through the whole tab order.

export interface Point {
  x: number;
  y: number;
}

const DIRECTIONS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export function isArrow(key: string): boolean {
  return key in DIRECTIONS;
}

/**
 * The index of the point nearest `from` in the arrow `key`'s direction (ahead of it, within 45
 * degrees or not, a point off to the side counts twice its sideways distance), or -1.
 */
export function nextInDirection(from: Point, points: readonly Point[], key: string): number {
  const d = DIRECTIONS[key];
  if (!d) return -1;
  let best = -1;
  let bestCost = Infinity;
  points.forEach((p, i) => {
    const ahead = (p.x - from.x) * d.x + (p.y - from.y) * d.y;
    if (ahead <= 0.5) return;
    const side = Math.abs((p.x - from.x) * d.y - (p.y - from.y) * d.x);
    const cost = ahead + 2 * side;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  return best;
}
