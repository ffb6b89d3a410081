// A minimal WebSocket client over node:net (Node 20 has no WebSocket global,
// and the soak wants nothing from npm): the opening handshake, masked text
// frames out, text/ping/close frames in (fragments reassembled). It can be
// cut off abruptly (drop(): a TCP reset, as a lost network does) or closed
// politely (close(): a close frame, 1000).
import net from 'node:net';
import crypto from 'node:crypto';

export class WsConn {
  // handlers: onOpen(), onMessage(text), onGone(why) (called once, whatever ended it)
  constructor(port, handlers) {
    this.h = handlers;
    this.buf = Buffer.alloc(0);
    this.open = false;
    this.gone = false;
    this.frag = null;
    this.sock = net.connect({ host: '127.0.0.1', port });
    this.sock.setNoDelay(true);
    const key = crypto.randomBytes(16).toString('base64');
    this.sock.on('connect', () => {
      this.sock.write(`GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
        `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    this.sock.on('data', (d) => this.onData(d));
    this.sock.on('error', (e) => this.finish(e.code || e.message));
    this.sock.on('close', () => this.finish('closed'));
  }

  finish(why) {
    if (this.gone) return;
    this.gone = true;
    this.open = false;
    this.sock.destroy();
    this.h.onGone(why);
  }

  onData(d) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, d]) : d;
    if (!this.open) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const status = this.buf.subarray(0, this.buf.indexOf('\r\n')).toString();
      if (!/^HTTP\/1\.1 101/.test(status)) return this.finish(`handshake: ${status}`);
      this.buf = this.buf.subarray(end + 4);
      this.open = this.opened = true;
      this.h.onOpen();
    }
    while (!this.gone) {
      const b = this.buf;
      if (b.length < 2) return;
      const fin = (b[0] & 0x80) !== 0, op = b[0] & 0x0f;
      let len = b[1] & 0x7f, at = 2;
      if (b[1] & 0x80) return this.finish('masked frame from the server');
      if (len === 126) {
        if (b.length < 4) return;
        len = b.readUInt16BE(2);
        at = 4;
      } else if (len === 127) {
        if (b.length < 10) return;
        len = Number(b.readBigUInt64BE(2));
        at = 10;
      }
      if (b.length < at + len) return;
      const payload = b.subarray(at, at + len);
      this.buf = b.subarray(at + len);
      if (op === 0x9) this.frame(0xa, payload);
      else if (op === 0x8) {
        this.frame(0x8, payload.subarray(0, 2));
        this.sock.end();
        return this.finish(`server closed ${payload.length >= 2 ? payload.readUInt16BE(0) : 1005}`);
      } else if (op === 0x1 || op === 0x0) {
        const whole = op === 0x1 ? payload : Buffer.concat([this.frag, payload]);
        if (!fin) this.frag = Buffer.from(whole);
        else {
          this.frag = null;
          this.h.onMessage(whole.toString('utf8'));
        }
      }
    }
  }

  frame(op, payload) {
    if (this.gone || !this.open) return;
    const len = payload.length;
    const head = len < 126 ? 2 : len < 65536 ? 4 : 10;
    const out = Buffer.alloc(head + 4 + len);
    out[0] = 0x80 | op;
    if (len < 126) out[1] = 0x80 | len;
    else if (len < 65536) (out[1] = 0x80 | 126), out.writeUInt16BE(len, 2);
    else (out[1] = 0x80 | 127), out.writeBigUInt64BE(BigInt(len), 2);
    const mask = crypto.randomBytes(4);
    mask.copy(out, head);
    for (let i = 0; i < len; ++i) out[head + 4 + i] = payload[i] ^ mask[i & 3];
    this.sock.write(out);
  }

  send(obj) { this.frame(0x1, Buffer.from(JSON.stringify(obj), 'utf8')); }

  close() {  // polite: a close frame, the server answers and closes
    if (!this.open) return this.finish('closed before open');
    this.frame(0x8, Buffer.from([0x03, 0xe8]));
  }

  drop() { this.sock.resetAndDestroy ? this.sock.resetAndDestroy() : this.sock.destroy(); this.finish('dropped'); }
}
