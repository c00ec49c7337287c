// @ts-check
// The page's language (docs/translating.md): the catalogue the server put in the page
// (<script type="application/json" id="shoal-i18n">, made from the language's .po), one t() for
// a message and tn() for a message with plural forms (the language's gettext rule), and
// numbers and dates through Intl in the page's language. A message missing from the
// catalogue reads in English, the source. Placeholders are {name}: t("{who} resigned", { who }).
// `shoal i18n extract` finds the messages: t() and tn() must be called with string literals.

/** @typedef {{lang: string, plural: string, languages?: [string, string][], messages: Record<string, string | string[]>}} Catalogue */

/** @returns {Catalogue} */
function load() {
  const node = typeof document === "undefined" ? null : document.getElementById("shoal-i18n");
  try {
    if (node?.textContent) return JSON.parse(node.textContent);
  } catch {
    // a broken catalogue: the page speaks English
  }
  return { lang: "en", plural: "(n != 1)", messages: {} };
}

const catalogue = load();

/** The page's language (a BCP 47 tag: "en", "nl", "en-XA"...). */
export const lang = catalogue.lang;

/**
 * The page's catalogue as it came ({lang, plural, messages}): the offline page hands it to its
 * games' Python, which says the game's words through it (shoal.interop.offline.PageWords).
 * @returns {{lang: string, plural: string, messages: Record<string, string | string[]>}}
 */
export const pageWords = () => ({ lang: catalogue.lang, plural: catalogue.plural, messages: catalogue.messages });

/** The languages a reader can choose, in the picker's order: [code, its name in its own words]. */
export const languages = catalogue.languages ?? [["en", "English"]];

/**
 * A gettext plural expression ("(n != 1)", "(n > 1)", "n%10==1 && n%100!=11 ? 0 : ...") as a
 * function, parsed here (no eval): numbers, n, ( ), ! and the C operators of such rules.
 * @param {string} source
 * @returns {(n: number) => number}
 */
export function pluralRule(source) {
  const tokens = source.match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]/g) ?? [];
  let at = 0;
  /** @typedef {(n: number) => number} F */
  const binary = /** @type {Record<string, (a: number, b: number) => number>} */ ({
    "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
    "+": (a, b) => a + b, "-": (a, b) => a - b,
    "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b), ">=": (a, b) => +(a >= b),
    "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b),
    "&&": (a, b) => +(a && b), "||": (a, b) => +(a || b),
  });
  const levels = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  /** @returns {F} */
  function unary() {
    const token = tokens[at++];
    if (token === "!") { const inner = unary(); return (n) => +!inner(n); }
    if (token === "(") { const inner = ternary(); at++; return inner; }
    if (token === "n") return (n) => n;
    const value = Number(token);
    if (!Number.isFinite(value)) throw new Error(`bad plural rule: ${source}`);
    return () => value;
  }
  /** @param {number} depth @returns {F} */
  function level(depth) {
    if (depth === levels.length) return unary();
    let left = level(depth + 1);
    while (levels[depth].includes(tokens[at])) {
      const op = binary[tokens[at++]], a = left, b = level(depth + 1);
      left = (n) => op(a(n), b(n));
    }
    return left;
  }
  /** @returns {F} */
  function ternary() {
    const test = level(0);
    if (tokens[at] !== "?") return test;
    at++;
    const yes = ternary();
    at++; // ":"
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  }
  try {
    const rule = ternary();
    return (n) => Number(rule(Math.abs(Math.trunc(n))));
  } catch {
    return (n) => +(n !== 1);
  }
}

const plural = pluralRule(catalogue.plural);

/**
 * Fills the {name} placeholders of `text` (numbers in the page's language).
 * @param {string} text
 * @param {Record<string, string | number>} [values]
 */
function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? number(value) : String(value);
  });
}

/**
 * The message `msgid` in the page's language, its placeholders filled.
 * @param {string} msgid
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(msgid, values) {
  const found = catalogue.messages[msgid];
  return fill(typeof found === "string" && found ? found : msgid, values);
}

/**
 * The form of a message for the count `n` ({n} is filled with it), in the page's language.
 * @param {string} singular
 * @param {string} pluralText
 * @param {number} n
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function tn(singular, pluralText, n, values) {
  const found = catalogue.messages[singular];
  const forms = Array.isArray(found) ? found : null;
  const index = forms ? plural(n) : n === 1 ? 0 : 1;
  const text = forms?.[index] || (n === 1 ? singular : pluralText);
  return fill(text, { n, ...values });
}

/** The page's language for Intl (the pseudo-locale formats as English). */
const intlLang = lang === "en-XA" ? "en" : lang;

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = [..."åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"];

/**
 * Words Intl wrote (a month, "in 3 minutes"): under the pseudo-locale accented and in
 * brackets as its messages are (src/shoal/i18n/pseudo.py), so that a date that went through
 * Intl is told at a glance from an English text that escaped it; as they are otherwise.
 * @param {string} text
 */
const intlWords = (text) => (lang === "en-XA" ? `[${[...text].map((c) => ACCENTED[PLAIN.indexOf(c)] ?? c).join("")}]` : text);

/**
 * A number in the page's language ("1,234.5" / "1.234,5").
 * @param {number} value
 * @param {Intl.NumberFormatOptions} [options]
 */
export function number(value, options) {
  return new Intl.NumberFormat(intlLang, options).format(value);
}

/**
 * A date (and time) in the page's language.
 * @param {Date | number | string} value
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function date(value, options = { dateStyle: "medium" }) {
  return intlWords(new Intl.DateTimeFormat(intlLang, options).format(new Date(value)));
}

/**
 * A time from now in the page's language ("in 3 minutes", "vor 2 Tagen").
 * @param {number} amount
 * @param {Intl.RelativeTimeFormatUnit} unit
 */
export function relative(amount, unit) {
  return intlWords(new Intl.RelativeTimeFormat(intlLang, { numeric: "auto" }).format(amount, unit));
}

/**
 * A translated message whose placeholders are elements (a link, a name in bold): its text
 * cut at each `{name}` of `nodes`, the node put there, for `h()`'s children. The words around
 * a link stay one message, in the order the language puts them:
 * `parts(t("{link} to join."), { link: h("a", ...) })`.
 * @param {string} text a message from t() or tn()
 * @param {Record<string, Node | string>} nodes
 * @returns {(Node | string)[]}
 */
export function parts(text, nodes) {
  return text.split(/(\{[A-Za-z_]\w*\})/).filter(Boolean).map((piece) => {
    const name = /^\{([A-Za-z_]\w*)\}$/.exec(piece)?.[1];
    return name !== undefined && name in nodes ? nodes[name] : piece;
  });
}
