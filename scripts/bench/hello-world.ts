// The ceiling: express 5 answering a small JSON document, with nothing else in the way. Every
// figure of the benchmark is also given as a ratio to this server's, measured in the same run
// with the same load generator, so the ratios hold across machines.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
