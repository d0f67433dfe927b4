#!/usr/bin/env python3
"""tx-record.py — write a commit record as liza-watch writes it (version 4,
its last line the HMAC-SHA256 proof: core/txn/txn_proof.h), for the tests
that need one of ours (a kill -9 left it) or a forged one.

  tx-record.py ROOT OUT [--key FILE] [--id DIR] [--flip N] < lines

lines: the record's lines between the header and "end" ("lock\t...",
"replace\t...", "append\t..."). The key is $XDG_STATE_HOME/liza-watch/key
unless --key names another; the identity is ROOT (canonical) unless --id
names another folder (a record made for another project); --flip N flips
byte N of the content after the MAC is computed (an altered record)."""
import hashlib, hmac, os, sys

args = sys.argv[1:]
opts = {}
while len(args) > 2 and args[-2].startswith("--"):
    opts[args[-2]] = args[-1]
    args = args[:-2]
root, out = os.path.realpath(args[0]), args[1]
key = open(opts.get("--key", os.path.join(os.environ["XDG_STATE_HOME"], "liza-watch", "key")), "rb").read()
ident = os.path.realpath(opts.get("--id", root))
st = os.stat(ident)
body = b"liza-watch-tx 4 root\n" + sys.stdin.buffer.read() + b"end\n"
msg = b"liza-watch-tx proof\0" + ident.encode() + b"\0" + f"{st.st_dev}:{st.st_ino}".encode() + b"\0" + body
mac = hmac.new(key, msg, hashlib.sha256).hexdigest()
if "--flip" in opts:
    b = bytearray(body)
    b[int(opts["--flip"])] ^= 0x01
    body = bytes(b)
with open(out, "wb") as f:
    f.write(body + b"mac\t" + mac.encode() + b"\n")
