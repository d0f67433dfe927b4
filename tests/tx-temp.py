#!/usr/bin/env python3
"""tx-temp.py — make a temp as liza-watch names its own (its proof in the
name: core/txn/txn_proof.c, temp_make), for the tests that need one left by
a writer killed mid-write; prints its name.

  tx-temp.py DIR BASE PID [--key FILE]

The temp ".BASE.PID.<nonce><mac>.lw-XXXXXX" is created in DIR holding
"leftover". The key is $XDG_STATE_HOME/liza-watch/key unless --key names
another (a forged proof)."""
import hashlib, hmac, os, sys

args = sys.argv[1:]
keyfile = os.path.join(os.environ["XDG_STATE_HOME"], "liza-watch", "key")
if len(args) == 5 and args[3] == "--key":
    keyfile = args[4]
d, base, pid = args[0], args[1], args[2]
key = open(keyfile, "rb").read()
st = os.stat(d)
nonce = os.urandom(8).hex()
head = f".{base}.{pid}."
ident = b"liza-watch temp\0" + f"{st.st_dev}:{st.st_ino}".encode() + b"\0" + nonce.encode() + b"\0"
mac = hmac.new(key, ident + head.encode(), hashlib.sha256).hexdigest()[:24]
name = f"{head}{nonce}{mac}.lw-Tq{os.urandom(2).hex()}"
with open(os.path.join(d, name), "w") as f:
    f.write("leftover")
print(name)
