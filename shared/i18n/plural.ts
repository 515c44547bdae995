/**
 * Plural forms inside messages, in ICU MessageFormat's plural syntax (the part the catalogues use):
 *
 *   'catalogue.learners': '{n, plural, one {# learner} other {# learners}}'
 *
 * The form is chosen by the locale's own plural rules (Intl.PluralRules: English has one and other, Chinese
 * only other, so Chinese messages need no block at all); an exact form such as =0 wins over the rule; '#'
 * in the chosen form is the number. Other {name} placeholders may sit inside a form and are filled after.
 * A block whose number is missing or not a number is left as it is, so a mistake shows instead of hiding.
 */
import type { Locale } from '../constants';

const CATEGORY = '(?:=\\d+|zero|one|two|few|many|other)';
/** A form's text: anything but braces, or a simple {name} placeholder. */
const FORM_TEXT = '(?:[^{}]|\\{\\w+\\})*';
const BLOCK = new RegExp(`\\{(\\w+), plural,((?:\\s*${CATEGORY}\\s*\\{${FORM_TEXT}\\})+)\\s*\\}`, 'g');
const FORM = new RegExp(`(${CATEGORY})\\s*\\{(${FORM_TEXT})\\}`, 'g');

const rules = new Map<Locale, Intl.PluralRules>();

/** The plural rules of a locale (kept: building them is not free). */
export function pluralRules(locale: Locale): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale);
    rules.set(locale, found);
  }
  return found;
}

/** Which form a number takes in a locale: 'one', 'other', ... */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  return pluralRules(locale).select(count);
}

/** Replaces every plural block of a message with the form its number takes. */
export function formatPlurals(locale: Locale, text: string, vars: Record<string, string | number>): string {
  if (!text.includes(', plural,')) return text;
  return text.replace(BLOCK, (whole, name: string, body: string) => {
    const raw = vars[name];
    const count = typeof raw === 'number' ? raw : raw !== undefined && raw.trim() !== '' ? Number(raw) : Number.NaN;
    if (!Number.isFinite(count)) return whole;
    const forms = new Map<string, string>();
    for (const [, category, form] of body.matchAll(FORM)) forms.set(category!, form!);
    const chosen = forms.get(`=${count}`) ?? forms.get(pluralCategory(locale, count)) ?? forms.get('other');
    return chosen === undefined ? whole : chosen.replace(/#/g, String(raw));
  });
}
