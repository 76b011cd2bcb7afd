import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';

export interface CannonFigures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  status5xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export function figures(name: string, r: AutocannonResult): CannonFigures {
  return {
    name,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    status5xx: r['5xx'],
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

/** One autocannon run on loopback; `requests` cycle per connection. */
export async function cannon(opts: {
  name: string;
  base: string;
  requests: AutocannonRequest[];
  connections: number;
  seconds: number;
}): Promise<CannonFigures> {
  const r = await autocannon({
    url: opts.base,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 20,
    requests: opts.requests,
  });
  return figures(opts.name, r);
}
