import { zHomeSetting } from '../../shared/schemas/home-setting';
import type { AppContext } from '../context';
import { saveHomeSetting } from '../modules/homesetting/home-setting.service';

/**
 * A small gradient picture as a data:image/svg+xml address: the URL rule (spec 5) keeps data:image, the
 * page's CSP allows data: images, and nothing is fetched from the internet (the product runs offline).
 */
export function demoPicture(width: number, height: number, from: string, to: string, text = ''): string {
  const size = Math.round(height * 0.14);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.2)}" r="${Math.round(height * 0.45)}" fill="#fff" fill-opacity=".12"/>` +
    (text
      ? `<text x="${Math.round(width * 0.07)}" y="${Math.round(height * 0.56)}" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text>`
      : '') +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Saves the demo home setting (spec 3 'Home setting') through the one schema and the service the back
 * office uses: two banners linking to demo course pages, two ads, three teachers (no photo: the page
 * draws their initials), 'all courses' and the first-level categories as the catalogue entries, the footer blocks and the
 * Information entry. showgroups stays empty: the home page then shows every first-level category, which
 * keeps following the tree when an administrator adds one.
 */
export async function loadDemoHomeSetting(
  ctx: AppContext,
  schoolId: string,
  course: (title: string) => string,
): Promise<void> {
  const coursePage = (title: string) => `/course/${ctx.courseCodec.encode(course(title))}`;
  const setting = zHomeSetting.parse({
    banners: [
      {
        url: demoPicture(1152, 360, '#3a6df0', '#6aa0ff', '随时随地，学无止境'),
        urlmoblie: demoPicture(750, 320, '#3a6df0', '#6aa0ff', '学无止境'),
        link: coursePage('React 入门实战'),
      },
      {
        url: demoPicture(1152, 360, '#14a085', '#48c9b0', 'Excel 数据分析'),
        urlmoblie: demoPicture(750, 320, '#14a085', '#48c9b0', 'Excel'),
        link: coursePage('Excel 数据分析'),
      },
    ],
    showads: true,
    ads: [
      {
        url: demoPicture(560, 150, '#f08a5d', '#f7b267', '全栈开发进阶'),
        link: coursePage('Vue 3 进阶'),
        alt: '全栈开发进阶',
      },
      {
        url: demoPicture(560, 150, '#8f7cf0', '#b8a9ff', '新员工入职'),
        link: coursePage('职场礼仪'),
        alt: '新员工入职',
      },
    ],
    showteacher: true,
    teachers: [
      { name: '王老师', url: '', link: '' },
      { name: '李老师', url: '', link: '' },
      { name: '陈老师', url: '', link: '' },
    ],
    // No catesetting: the catalogue keeps its single default entry 'all courses' (spec 3), whose drawer
    // shows the first-level categories on the right; listing them as entries too would show them twice.
    catesetting: [],
    showPrice: true,
    phone: '400-800-1234',
    workday1: 1,
    workday2: 5,
    worktime1: '9:00',
    worktime2: '18:00',
    aboutustitle: '关于我们',
    aboutuscontent:
      '<p>蓝学演示学校：在这里体验课程、专栏、资讯与考试。<strong>所有内容均为演示数据</strong>，可在后台随意修改。</p>',
    qrcodedetails: '',
    showInformation: true,
  });
  await saveHomeSetting(ctx, schoolId, setting);
}
