// The part of autocannon's API that the benchmark uses: autocannon ships no types, and its
// @types package is not a dependency here. Checked against autocannon 9 (lib/run.js, lib/histUtil.js).
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Sent in turn on every connection, instead of one request. */
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
  }
  /** A histogram's summary. */
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
