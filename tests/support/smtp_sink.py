#!/usr/bin/env python3
"""The e-mail tests' SMTP relay (Debian's python3-aiosmtpd), on 127.0.0.1 only.

Usage: smtp_sink.py PORT DIR [LIMIT_SECONDS]

Takes every message it is given and writes it to DIR/NNNN.eml as received, its envelope to
DIR/NNNN.json ({"from", "to"}), the envelope first, each file renamed into place whole. Ends
when its standard input ends (the test is over, or crashed) or after LIMIT_SECONDS (300).
"""
import json
import os
import sys
import threading

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            base = os.path.join(self.directory, "%04d" % self.count)
        with open(base + ".json.part", "w") as f:
            json.dump({"from": envelope.mail_from, "to": envelope.rcpt_tos}, f)
        os.rename(base + ".json.part", base + ".json")
        with open(base + ".eml.part", "wb") as f:
            f.write(envelope.original_content or envelope.content)
        os.rename(base + ".eml.part", base + ".eml")
        return "250 OK"


def main():
    port = int(sys.argv[1])
    directory = sys.argv[2]
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 300.0
    controller = Controller(Sink(directory), hostname="127.0.0.1", port=port)
    controller.start()
    waiter = threading.Thread(target=sys.stdin.read, daemon=True)
    waiter.start()
    waiter.join(limit)
    controller.stop()


if __name__ == "__main__":
    main()
