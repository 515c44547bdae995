import * as z from 'zod';
import { isSafeUrl } from '../rules/sanitize';
import { isSafeLink } from '../rules/site-links';

/**
 * The school's home setting JSON (spec 3 'Home setting'): one schema with every key and its default.
 * Unknown keys are dropped; every address follows the sanitiser's URL rule (spec 5) and a bad one is
 * refused with the field named. Defaults where the spec is silent are noted per key.
 */

export const URL_MAX = 2000;
export const HOME_LIMITS = {
  banners: 10,
  ads: 20,
  teachers: 50,
  recommends: 20,
  showgroups: 50,
  catesetting: 50,
} as const;

/** An address as the sanitiser keeps it (spec 5): http, https, mailto, tel, ftp, data:image, relative or hash. */
export const zSafeUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine(isSafeUrl, 'must be an http(s), mailto, tel, ftp, data:image, relative or # address');

/** A link an administrator saves (the link rule, shared/rules/site-links): http(s), mailto, tel, this site or #. */
export const zSafeLink = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine(isSafeLink, 'must be an http(s), mailto, tel, site-relative or # address');

/** A flag as clients send it, true/false or 1/0, read as a boolean (a codec, so replies can be checked with the same schema). */
const zFlag = (fallback: boolean) =>
  z
    .codec(z.union([z.boolean(), z.literal(0), z.literal(1)]), z.boolean(), {
      decode: (value) => Boolean(value),
      encode: (value) => value,
    })
    .default(fallback);

/** A catid as clients send it (string or number); '0' is the all-courses entry. */
export const zCatid = z.coerce.string().regex(/^\d{1,20}$/, 'must be a category id');

/** A CSS colour for a banner background: #hex, rgb()/rgba() or a colour name. */
const zColour = z
  .string()
  .trim()
  .max(40)
  .regex(/^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-zA-Z]+|)$/, 'must be a colour');

const text = (max: number, fallback = '') => z.string().trim().max(max).default(fallback);

/** Banner (spec 3): desktop url, mobile urlmoblie (the spec's spelling), optional link and background colour. */
export const zBanner = z.object({
  url: zSafeUrl,
  urlmoblie: zSafeUrl.default(''),
  link: zSafeLink.default(''),
  bgc: zColour.optional(),
});
/** Ad tile (spec 3); recommended ads use the same shape. */
export const zAd = z.object({ url: zSafeUrl, link: zSafeLink.default(''), alt: text(100) });
/** Teacher team member (spec 3). */
export const zTeacher = z.object({ name: text(50), url: zSafeUrl.default(''), link: zSafeLink.default('') });
/** A catalogue entry of catesetting. */
export const zCateSetting = z.object({ catid: zCatid, title: z.string().trim().min(1, 'is required').max(30) });

const zWorkday = z.coerce.number().int().min(1).max(7);
/** Hours 'H:mm' from 0:00 to 24:00. */
const zWorktime = z
  .string()
  .trim()
  .regex(/^((?:[01]?\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time H:mm between 0:00 and 24:00');

export const zHomeSetting = z.object({
  banners: z.array(zBanner).max(HOME_LIMITS.banners).default([]),
  ads: z.array(zAd).max(HOME_LIMITS.ads).default([]),
  /** Recommended ads of the home page (spec 2); the spec gives no key, this design names it. */
  recommends: z.array(zAd).max(HOME_LIMITS.recommends).default([]),
  teachers: z.array(zTeacher).max(HOME_LIMITS.teachers).default([]),
  /** Which course categories get a section on the home page, in order. */
  showgroups: z.array(zCatid).max(HOME_LIMITS.showgroups).default([]),
  /** The catalogue's entries; empty means the single default entry catid 0 'all courses' (spec 3). */
  catesetting: z.array(zCateSetting).max(HOME_LIMITS.catesetting).default([]),
  showteacher: zFlag(false),
  showPrice: zFlag(true),
  showads: zFlag(false),
  phone: text(50),
  /** Working days 1-7, Monday to Sunday (spec 3); default every day, matching the 0:00-24:00 hours. */
  workday1: zWorkday.default(1),
  workday2: zWorkday.default(7),
  worktime1: zWorktime.default('0:00'),
  worktime2: zWorktime.default('24:00'),
  aboutustitle: text(100),
  /** Rich text, sanitised on save. */
  aboutuscontent: text(20000),
  qrcode: zSafeUrl.default(''),
  weixinlink: zSafeLink.default(''),
  weibolink: zSafeLink.default(''),
  bloglink: zSafeLink.default(''),
  qrcodedetails: text(200),
  /** Footer contact/about blocks shown. */
  show: zFlag(true),
  /** Footer shown at all. */
  showbottom: zFlag(true),
  showAdminEntry: zFlag(true),
  userpagelogo: zSafeUrl.default(''),
  userpagetitle: text(100),
  /** The Information nav entry (spec 2 'Desktop nav'). */
  showInformation: zFlag(false),
  /** Exam list ordering switches, kept for the exams domain (the spec does not say more). */
  examorder: z.coerce.number().int().min(0).max(99).default(0),
  examsort: z.coerce.number().int().min(0).max(99).default(0),
});
export type HomeSetting = z.infer<typeof zHomeSetting>;

/** The home setting of a school that never saved one. */
export function defaultHomeSetting(): HomeSetting {
  return zHomeSetting.parse({});
}

/** Reads JSON text into a value, or leaves the text (so the schema reports the field). */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** POST setting/userpage: the whole setting, as an object or as JSON text (like the 'homesetting' window message). */
export const zSaveHomeSetting = z.object({ setting: z.preprocess(jsonText, zHomeSetting) });

/** A school as public calls name it: the school id or its hashed parent id (hashUID); '0' or absent = the viewer's school. */
export const zSchoolRef = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(
    z
      .string()
      .max(64)
      .regex(/^[0-9A-Za-z_-]*$/, 'must be a school id'),
  );

/** GET userpage/{uid}: the school (zSchoolRef). */
export const zUserPageParams = z.object({ uid: zSchoolRef });
/** GET userpage/{uid}: 'Get user page data by parent id' (spec 7). */
export const zUserPage = z.object({
  setting: zHomeSetting,
  userpagetitle: z.string(),
  userpagelogo: z.string(),
  catesetting: z.array(z.object({ catid: z.string(), title: z.string() })),
  schoolName: z.string(),
  uid: z.string(),
  hashUID: z.string(),
});
export type UserPage = z.infer<typeof zUserPage>;

/** GET setting/userpage (back office). updated is '' until the first save. */
export const zAdminHomeSetting = z.object({ setting: zHomeSetting, updated: z.string() });
