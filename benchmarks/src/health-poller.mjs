/**
 * `GET /healthz` on `process.argv[2]`, one request after the other on one kept-alive connection (every
 * `process.argv[3]` ms when given, else back to back), until
 * the parent sends `stop`; then it sends back each answer's `[sentAt, ms]` (sentAt in epoch ms). A
 * process of its own, so that nothing the measuring process does (sending 18 MB, collecting its garbage)
 * delays an answer's measure. Run by trigger-registration.ts.
 */
import http from 'node:http';

const url = new URL(process.argv[2]);
const intervalMs = Number(process.argv[3] ?? 0);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const answers = [];
let stopped = false;
process.on('message', (message) => {
  if (message === 'stop') stopped = true;
});

const once = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: url.hostname, port: url.port, path: '/healthz', agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`/healthz answered ${response.statusCode}`));
          answers.push([performance.timeOrigin + started, performance.now() - started]);
          resolve();
        });
      })
      .on('error', reject);
  });

process.send('ready');
while (!stopped) {
  const started = performance.now();
  await once();
  const rest = intervalMs - (performance.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}
agent.destroy();
process.send(answers, () => process.exit(0));
