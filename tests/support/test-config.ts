import { loadConfig, type Config } from '#server/config';

/** A configuration for tests: silent logs, fixed public URL, everything else overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Suites look up many unknown pets from one address; the failure limits have their own test.
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://pawtal.test',
      DATA_DIR: 'memory://',
      FAILED_LOOKUP_LIMIT: '100000',
      FAILED_TOKEN_LIMIT: '100000',
    }),
    ...overrides,
  };
}
