import { loadConfig, type Config } from '#server/config';

/** A configuration for tests: silent logs, fixed public URL, everything else overridable. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://pawtal.test', DATA_DIR: 'memory://' }), ...overrides };
}
