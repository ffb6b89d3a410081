// An independent reader of one Web Push request, for the C++ push tests
// (tests/push, docs/push.md): it checks the VAPID token (RFC 8292) with
// Node's crypto and decrypts the body (RFC 8291) with npm http_ece, neither
// sharing a line with the server's OpenSSL code, so a wrong key derivation
// or signature fails here.
//
// Usage: node verify_push.mjs <request.json>, the file holding
//   {authorization, content_encoding, body (base64url), endpoint,
//    ua_private_pem (the subscription's private key), auth (base64url),
//    server_key (GET /api/push/key's, base64url), now_s}
// Prints the decrypted plaintext on success; a reason on stderr and exit 1 otherwise.
import crypto from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);
const ece = require('http_ece');

function fail(why) {
    process.stderr.write(`verify_push: ${why}\n`);
    process.exit(1);
}

const req = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
if (req.content_encoding !== 'aes128gcm') fail(`Content-Encoding ${req.content_encoding}`);

// Authorization: vapid t=<JWT>, k=<the server's public key>
const m = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(req.authorization);
if (!m) fail(`Authorization is not "vapid t=..., k=...": ${req.authorization}`);
const [, head64, claims64, sig64, k] = m;
if (k !== req.server_key) fail('k is not the key the server publishes');
const header = JSON.parse(Buffer.from(head64, 'base64url'));
if (header.alg !== 'ES256') fail(`alg ${header.alg}`);
const point = Buffer.from(k, 'base64url');
if (point.length !== 65 || point[0] !== 4) fail('k is not an uncompressed P-256 point');
const jwk = {kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url')};
const verified = crypto.verify('sha256', Buffer.from(`${head64}.${claims64}`),
    {key: crypto.createPublicKey({key: jwk, format: 'jwk'}), dsaEncoding: 'ieee-p1363'},
    Buffer.from(sig64, 'base64url'));
if (!verified) fail('the JWT signature does not verify with k');
const claims = JSON.parse(Buffer.from(claims64, 'base64url'));
const origin = new URL(req.endpoint).origin;
if (claims.aud !== origin) fail(`aud ${claims.aud}, not ${origin}`);
if (!(claims.exp > req.now_s && claims.exp <= req.now_s + 24 * 3600)) fail(`exp ${claims.exp} not within 24 h`);
if (!/^(mailto:|https:)/.test(claims.sub || '')) fail(`sub ${claims.sub}`);

// The browser's side: its private key and auth secret decrypt the body.
const ua = crypto.createPrivateKey(req.ua_private_pem).export({format: 'jwk'});
const ecdh = crypto.createECDH('prime256v1');
ecdh.setPrivateKey(Buffer.from(ua.d, 'base64url'));
let plain;
try {
    plain = ece.decrypt(Buffer.from(req.body, 'base64url'),
        {version: 'aes128gcm', privateKey: ecdh, authSecret: req.auth});
} catch (e) {
    fail(`decryption failed: ${e.message}`);
}
process.stdout.write(plain.toString('utf8'));
