#!/usr/bin/env python3
"""Checks kibitz-ceiling server's short-write path: one client floods N moves
without reading (the server's writes to it must stall and queue), then both
partners read everything and every frame must arrive whole and in order.
Usage: check_short_writes.py PATH_TO_KIBITZ_CEILING [N]   (exit status 0 = pass)"""
import os, random, socket, struct, subprocess, sys, time

def frame(payload: bytes) -> bytes:
    key = os.urandom(4)
    n = len(payload)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + struct.pack(">H", n)
    return head + key + bytes(b ^ key[i & 3] for i, b in enumerate(payload))

def read_frames(sock, count):
    buf, out = b"", []
    while len(out) < count:
        chunk = sock.recv(random.randint(1, 5000))  # odd sizes: frames split across reads
        if not chunk:
            raise SystemExit("connection closed early")
        buf += chunk
        while len(buf) >= 2:
            n, h = buf[1] & 0x7F, 2
            if n == 126:
                if len(buf) < 4: break
                n, h = struct.unpack(">H", buf[2:4])[0], 4
            if buf[0] != 0x81 or buf[1] & 0x80 or len(buf) < h + n: break
            out.append(buf[h:h + n]); buf = buf[h + n:]
    return out

def main():
    binary, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    port = 30000 + random.randint(0, 20000)
    for writes in (3, 2):
        srv = subprocess.Popen([binary, "server", "--port", str(port), "--writes", str(writes), "--sndbuf", "4096"],
                               stdout=subprocess.PIPE, text=True)
        srv.stdout.readline()  # "listening"
        a, b = (socket.create_connection(("127.0.0.1", port)) for _ in range(2))
        a.sendall(frame(b"H0")); b.sendall(frame(b"H1"))
        assert read_frames(a, 1) == [b"R"] and read_frames(b, 1) == [b"R"]
        template = bytearray(b'{"t":"move","d":{"ply":' + b"0" * 10 + b"}}".ljust(45, b" ") + b"}}")
        assert len(template) == 80
        for p in range(n):  # a never reads meanwhile: the server must queue
            template[23:33] = b"%010d" % p
            a.sendall(frame(bytes(template)))
        time.sleep(0.3)
        got_a, got_b = read_frames(a, 2 * n), read_frames(b, n)
        for p in range(n):
            ev, ack, ev_b = got_a[2 * p], got_a[2 * p + 1], got_b[p]
            assert len(ev) == 900 and ev[6:7] == b"m" and int(ev[23:33]) == p, (writes, p, ev[:40])
            assert len(ack) == 70 and ack[6:7] == b"a" and int(ack[22:32]) == p, (writes, p, ack[:40])
            assert ev_b == ev, (writes, p)
        a.close(); b.close()
        time.sleep(0.2)
        srv.terminate()
        out = srv.communicate()[0]
        line = next(l for l in out.splitlines() if "session" in l)
        short = int(line.split(" short writes")[0].split()[-1])
        print(f"writes {writes}: {n} moves, all frames whole and in order; server {short} short writes")
        assert short > 0, "the flood did not exercise short writes"
        port += 1
    print("PASS")

main()
