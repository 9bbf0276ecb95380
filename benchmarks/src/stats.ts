/** Latency statistics shared by the benchmark runners. */

export interface LatencySummary {
  count: number;
  medianUs: number;
  p99Us: number;
  perSecond: number;
}

/**
 * Median and p99 of per-operation latencies (nanoseconds), and throughput over
 * `wallNs` (the whole run), or over the summed latencies when it is omitted.
 */
export function summarize(latenciesNs: Float64Array | number[], wallNs?: number): LatencySummary {
  const sorted = Float64Array.from(latenciesNs).sort();
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]! / 1000;
  return {
    count: sorted.length,
    medianUs: at(0.5),
    p99Us: at(0.99),
    perSecond: (sorted.length / (wallNs ?? sorted.reduce((sum, value) => sum + value, 0))) * 1e9,
  };
}

export const formatSummary = (label: string, summary: LatencySummary) =>
  `${label.padEnd(28)} n=${summary.count}  median=${summary.medianUs.toFixed(2)} us  p99=${summary.p99Us.toFixed(2)} us  ${Math.round(summary.perSecond).toLocaleString('en-US')}/s`;
