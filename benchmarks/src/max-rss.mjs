// Preloaded into a benchmarked process (`node --import`): reports its peak
// resident set size, worker threads included (they share the process), at exit.
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
