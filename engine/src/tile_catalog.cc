#include "carc/engine/tile_catalog.h"

#include <initializer_list>

namespace carc::engine {
namespace {

constexpr SegmentDef Seg(FeatureKind kind, std::string_view name, int sides, int halves,
                         bool pennant, int touches, bool carcassonne = false) {
  return SegmentDef{kind,
                    name,
                    static_cast<std::uint8_t>(sides),
                    static_cast<std::uint8_t>(halves),
                    pennant,
                    static_cast<std::uint16_t>(touches),
                    carcassonne};
}

// A field of the Count's block: every one of them borders the city of Carcassonne.
constexpr SegmentDef BlockField(std::string_view name, int halves, int touches = 0) {
  return Seg(FeatureKind::kField, name, 0, halves, false, touches, true);
}

constexpr char kLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWX";

constexpr TileDef Tile(char letter, int count, int start_copies, int c1_number,
                       std::array<EdgeType, kSides> edges, std::initializer_list<SegmentDef> segs,
                       std::string_view description) {
  TileDef t;
  t.letter = letter;
  t.id = std::string_view(&kLetters[letter - 'A'], 1);
  t.count = count;
  t.start_copies = start_copies;
  t.c1_number = c1_number;
  t.edges = edges;
  for (const SegmentDef& s : segs) {
    if (s.kind == FeatureKind::kCloister)
      t.cloister_segment = static_cast<std::uint8_t>(t.num_segments);
    t.segments[static_cast<std::size_t>(t.num_segments++)] = s;
  }
  t.description = description;
  return t;
}

// A tile of the Count's block. Its internal edges face other block tiles and never meet a
// placed tile's edge, so they are stored as fields only to fill the signature.
constexpr TileDef Block(std::string_view id, std::array<EdgeType, kSides> edges,
                        std::initializer_list<SegmentDef> segs, std::string_view description) {
  TileDef t;
  t.letter = '#';
  t.id = id;
  t.edges = edges;
  for (const SegmentDef& s : segs) t.segments[static_cast<std::size_t>(t.num_segments++)] = s;
  t.description = description;
  return t;
}

constexpr RotatedTile Rotate(const TileDef& t, int r) {
  RotatedTile out;
  out.side_segment.fill(kNoSegment);
  out.half_segment.fill(kNoSegment);
  for (int s = 0; s < kSides; ++s) {
    const int to = (s + r) & 3;
    out.edges[static_cast<std::size_t>(to)] = t.edges[static_cast<std::size_t>(s)];
  }
  for (int s = 0; s < kSides; ++s) {
    out.signature = static_cast<std::uint8_t>(
        out.signature | (static_cast<int>(out.edges[static_cast<std::size_t>(s)]) << (2 * s)));
  }
  for (int i = 0; i < t.num_segments; ++i) {
    const SegmentDef& seg = t.segments[static_cast<std::size_t>(i)];
    for (int s = 0; s < kSides; ++s) {
      if (seg.sides & (1 << s)) {
        out.side_segment[static_cast<std::size_t>((s + r) & 3)] = static_cast<std::uint8_t>(i);
      }
    }
    for (int h = 0; h < kHalfEdges; ++h) {
      if (seg.halves & (1 << h)) {
        out.half_segment[static_cast<std::size_t>((h + 2 * r) & 7)] = static_cast<std::uint8_t>(i);
      }
    }
  }
  return out;
}

constexpr TileCatalog MakeCatalog(std::initializer_list<TileDef> defs) {
  TileCatalog c;
  for (const TileDef& d : defs) {
    const auto k = static_cast<std::size_t>(c.num_kinds++);
    // Boards count placements of the first kMaxDrawnKinds kinds only (fit_counts).
    if (k >= kMaxDrawnKinds && d.count > 0) throw "a kind that can be drawn past kMaxDrawnKinds";
    c.tiles[k] = d;
    c.total_tiles += d.count;
    if (d.start_copies > 0) c.start_kind = static_cast<TileKind>(k);
    if (d.letter == '#' && c.block_first == kNoTile) c.block_first = static_cast<TileKind>(k);
    for (int r = 0; r < 4; ++r) c.rotated[k][static_cast<std::size_t>(r)] = Rotate(d, r);
    for (int constraint = 0; constraint < 256; ++constraint) {
      std::uint8_t bits = 0;
      for (int r = 0; r < 4; ++r) {
        bool ok = true;
        for (int s = 0; s < kSides; ++s) {
          const int digit = (constraint >> (2 * s)) & 3;
          const auto edge = static_cast<int>(
              c.rotated[k][static_cast<std::size_t>(r)].edges[static_cast<std::size_t>(s)]);
          ok = ok && (digit == 0 || digit == edge + 1);
        }
        if (ok) bits = static_cast<std::uint8_t>(bits | (1 << r));
      }
      c.fits[k][static_cast<std::size_t>(constraint)] = bits;
      if (k < kMaxDrawnKinds) {
        c.fit_counts[static_cast<std::size_t>(constraint)][k] =
            static_cast<std::uint16_t>(BitsIn4(bits));
      }
    }
  }
  return c;
}

constexpr TileCatalog kBaseCatalog = MakeCatalog({
#include "tile_catalog_base.inc"
});

static_assert(kBaseCatalog.num_kinds == 24);
static_assert(kBaseCatalog.total_tiles == 72);

constexpr TileCatalog kCountCatalog = MakeCatalog({
#include "tile_catalog_base.inc"
#include "tile_catalog_count.inc"
});

static_assert(kCountCatalog.num_kinds == 36);
static_assert(kCountCatalog.total_tiles == 72);
static_assert(kCountCatalog.block_first == 24);

}  // namespace

TileKind TileCatalog::KindOf(char letter) const {
  for (int k = 0; k < num_kinds; ++k) {
    if (tiles[static_cast<std::size_t>(k)].letter == letter) return static_cast<TileKind>(k);
  }
  return kNoTile;
}

TileKind TileCatalog::KindOfId(std::string_view id) const {
  for (int k = 0; k < num_kinds; ++k) {
    if (tiles[static_cast<std::size_t>(k)].id == id) return static_cast<TileKind>(k);
  }
  return kNoTile;
}

std::uint8_t TileCatalog::SegmentIndex(TileKind k, std::string_view name) const {
  const TileDef& d = Def(k);
  for (int i = 0; i < d.num_segments; ++i) {
    if (d.segments[static_cast<std::size_t>(i)].name == name) return static_cast<std::uint8_t>(i);
  }
  return kNoSegment;
}

const TileCatalog& BaseCatalog() {
  return kBaseCatalog;
}

const TileCatalog& CountCatalog() {
  return kCountCatalog;
}

}  // namespace carc::engine
