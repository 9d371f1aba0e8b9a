// A tiny static file server for dist/ (used by scripts/serve.sh and the e2e tests).
// Loopback only, correct MIME types (application/wasm lets wasm stream-compile), no caching.
//
//   node scripts/static-server.mjs <root> [port] [host]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serve `root` on host:port (port 0 = any free port). Resolves to { server, url }. */
export async function startServer({ root, port = 0, host = '127.0.0.1', log = false }) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      if (log) console.log(`200 ${req.method} ${req.url}`);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      if (log) console.log(`404 ${req.method} ${req.url}`);
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const addr = server.address();
  return { server, url: `http://${host}:${addr.port}/` };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root = 'dist', port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
  try {
    const { url } = await startServer({ root, port: Number(port), host });
    console.log(`Serving ${resolve(root)} at ${url} (Ctrl-C to stop)`);
  } catch (e) {
    console.error(`static-server: cannot listen on ${host}:${port}: ${e.message}`);
    process.exit(1);
  }
}
