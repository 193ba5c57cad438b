/** The part of autocannon's API the load bench uses (the package ships no types). */
declare module "autocannon" {
  type Options = {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  };
  type Stats = { average: number; p50: number; p99: number };
  type Result = { requests: Stats; latency: Stats; throughput: Stats; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
