import type { i18n as I18n, TFunction } from 'i18next';

/**
 * The server renderer's translators. Every `useTranslation` of a page asks the instance for a fixed `t`
 * (react-i18next's getFixedT), and i18next's fixed `t` copies the instance's whole options object into a new one on
 * every call before translating (about 7 % of a first render's thread). On the server a language's strings never
 * change, so each language and namespace gets one fixed `t`, made once, which remembers what a key without options
 * translates to; a call with options (counts, values) goes to i18next's own fixed `t` as before.
 */

/** Keys remembered per fixed `t` at most: the app's own keys and reference data titles fit well inside. */
const REMEMBERED_KEYS = 20_000;

/** getFixedT's fourth argument (react-i18next gives `scopeNs`, the hook's namespaces) */
type FixedTOptions = { scopeNs?: unknown } & Record<string, unknown>;

/** i18next's fixed `t` as it is at run time: a function with its language, namespace and key prefix on it. */
type FixedT = ((...args: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

const fixedTs = new Map<string, TFunction>();

function remembering(made: TFunction): TFunction {
  const fixedT = made as unknown as FixedT;
  const translated = new Map<string, unknown>();
  const t = (key: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== 'string' || rest.length > 0) return fixedT(key, ...rest);
    if (translated.has(key)) return translated.get(key);
    const text = fixedT(key);
    if (translated.size < REMEMBERED_KEYS) translated.set(key, text);
    return text;
  };
  // react-i18next and i18next read a fixed t's language, namespace and key prefix from the function
  return Object.assign(t, { lng: fixedT.lng, ns: fixedT.ns, keyPrefix: fixedT.keyPrefix }) as unknown as TFunction;
}

/**
 * The language's instance as one page sees it: everything read from the shared instance (its strings, language,
 * translator, and the fixed `t`s above), but the namespaces the page's components use noted on the page's own
 * (react-i18next notes them in `reportNamespaces`, made on first use). Not a clone: a clone made per page a new
 * translator and services, and react-i18next copies every own property of the instance for each useTranslation of
 * the page (its wrapper).
 */
export function pageI18n(shared: I18n): I18n {
  const getFixedT = (...args: unknown[]): TFunction => {
    const [lng, ns, keyPrefix, options] = args as [unknown, unknown, unknown, FixedTOptions | undefined];
    const make = () => (shared.getFixedT as (...a: unknown[]) => TFunction)(...args);
    // a key prefix given as a selector function is resolved per call by i18next: not remembered
    if (typeof lng !== 'string' || (keyPrefix !== undefined && typeof keyPrefix !== 'string')) return make();
    if (options && Object.keys(options).some((o) => o !== 'scopeNs')) return make();
    const key = `${lng}|${String(ns)}|${keyPrefix ?? ''}|${String(options?.scopeNs ?? '')}`;
    let fixedT = fixedTs.get(key);
    if (!fixedT) {
      fixedT = remembering(make());
      fixedTs.set(key, fixedT);
    }
    return fixedT;
  };
  return Object.create(shared, {
    reportNamespaces: { value: undefined, writable: true, enumerable: true, configurable: true },
    getFixedT: { value: getFixedT, writable: true, enumerable: false, configurable: true },
  }) as I18n;
}
