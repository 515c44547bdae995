/** The web catalogue's pure pieces: the state for an address (replayed clicks), the homesetting message, validity text. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import type { CategoryNode } from '../../shared/schemas/categories';
import { type CourseInfo, KEYWORD_SEARCH_MAX } from '../../shared/schemas/courses';
import { childrenOf, flattenTree, subtreeIds } from '../../web/components/catalogue/category-tree';
import { SEARCH_KEYWORD_MAX } from '../../web/components/layout/SearchBox';
import { readHomeSettingMessage } from '../../web/hooks/home-setting-message';
import { validityText } from '../../web/pages/course/course-text';
import { catalogueStateFor } from '../../web/pages/courselist/catalogue-init';

let lft = 0;
const node = (catid: string, title: string, parent_id: string, children: CategoryNode[] = []): CategoryNode => ({
  catid,
  title,
  catname: title,
  parent_id,
  depth: 1,
  position: 0,
  lft: lft++,
  rgt: lft++,
  isColumn: false,
  children,
});
const tree = [
  node('1', '编程开发', '0', [
    node('11', '前端开发', '1', [node('111', 'React', '11'), node('112', 'Vue', '11')]),
    node('12', '后端开发', '1'),
  ]),
  node('2', '职场技能', '0'),
];
const titles = (list: { title: string }[]) => list.map((item) => item.title);
const base = { tree, catesetting: [], allTitle: '全部课程' };

describe('category tree helpers', () => {
  it('flattens parents first, finds children of any level and the first level for 0, and collects a subtree', () => {
    expect(titles(flattenTree(tree))).toEqual(['编程开发', '前端开发', 'React', 'Vue', '后端开发', '职场技能']);
    expect(titles(childrenOf(tree, '0'))).toEqual(['编程开发', '职场技能']);
    expect(titles(childrenOf(tree, '11'))).toEqual(['React', 'Vue']);
    expect(childrenOf(tree, '999')).toEqual([]);
    expect([...subtreeIds(tree[0])]).toEqual(['1', '11', '111', '112', '12']);
  });
});

describe('catalogue state for an address', () => {
  it('desktop: replays the first, second and third level choices', () => {
    const state = catalogueStateFor({ ...base, catid: '112', mobile: false });
    expect(state.selectedId).toBe('112');
    expect(titles(state.breadcrumb)).toEqual(['编程开发', '前端开发', 'Vue']);
    expect(titles(state.secondLevel)).toEqual(['前端开发', '后端开发']);
    expect(titles(state.thirdLevel)).toEqual(['React', 'Vue']);
  });

  it('mobile: starts from all courses and walks down, leaving a back stack of one level per step', () => {
    const state = catalogueStateFor({ ...base, catid: '11', mobile: true });
    expect(state.currentName).toBe('前端开发');
    expect(titles(state.leftList)).toEqual(['前端开发', '后端开发']);
    expect(titles(state.rightList)).toEqual(['React', 'Vue']);
    expect(state.backStack).toHaveLength(2);
    expect(titles(state.backStack[1].leftList)).toEqual(['编程开发', '职场技能']);
  });

  it('mobile with a configured list: starts from the deepest configured category on the trail', () => {
    const state = catalogueStateFor({
      ...base,
      catesetting: [{ catid: '1', title: '编程', parent_id: '0' }],
      catid: '111',
      mobile: true,
    });
    expect(titles(state.leftList)).toEqual(['React', 'Vue']);
    expect(state.backStack).toHaveLength(2);
    expect(titles(state.backStack[0].leftList)).toEqual(['编程']);
  });

  it('an unknown or zero id selects all courses', () => {
    for (const catid of ['0', '424242']) {
      const state = catalogueStateFor({ ...base, catid, mobile: false });
      expect(state.selectedId).toBe('0');
      expect(state.currentName).toBe('全部课程');
    }
  });
});

describe('homesetting message', () => {
  const setting = JSON.stringify({ phone: '123', workday1: 2 });
  it('reads {type, setting} (object or JSON text), {homesetting} and the whole message as JSON text', () => {
    expect(readHomeSettingMessage({ type: 'homesetting', setting })?.phone).toBe('123');
    expect(readHomeSettingMessage({ type: 'homesetting', setting: { phone: '5' } })?.phone).toBe('5');
    expect(readHomeSettingMessage({ homesetting: setting })?.workday1).toBe(2);
    expect(readHomeSettingMessage(JSON.stringify({ type: 'homesetting', setting }))?.workday2).toBe(7);
  });

  it('ignores other messages and settings the schema refuses', () => {
    expect(readHomeSettingMessage('homesetting')).toBeNull();
    expect(readHomeSettingMessage({ type: 'other', setting })).toBeNull();
    expect(readHomeSettingMessage({ type: 'homesetting', setting: '{bad json' })).toBeNull();
    expect(
      readHomeSettingMessage({ type: 'homesetting', setting: JSON.stringify({ qrcode: 'javascript:alert(1)' }) }),
    ).toBeNull();
    expect(readHomeSettingMessage(null)).toBeNull();
  });
});

describe('search box', () => {
  it('takes keywords as long as the search call accepts', () => {
    expect(SEARCH_KEYWORD_MAX).toBe(KEYWORD_SEARCH_MAX);
  });
});

describe('validity text', () => {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) =>
    translate('zh-CN', key, vars);
  const course = (over: Partial<CourseInfo>) => ({
    actual: 10,
    ce_type: 0,
    ce_time: '',
    vaildBeginTime: '',
    limitedDate: null,
    courseStatus: 0,
    ...over,
  });
  it('says permanent, days after purchase, the buyer’s last day, or the fixed window', () => {
    expect(validityText(course({}), t, 'zh-CN')).toBe('永久有效');
    expect(validityText(course({ ce_type: 1, ce_time: '30' }), t, 'zh-CN')).toBe('购买后 30 天内有效');
    expect(
      validityText(course({ ce_type: 1, ce_time: '30', limitedDate: new Date(2030, 0, 31).getTime() }), t, 'zh-CN'),
    ).toBe('有效期至 2030-01-31');
    expect(validityText(course({ ce_type: 2, ce_time: '2030-07-01', vaildBeginTime: '2030-03-01' }), t, 'zh-CN')).toBe(
      '2030-03-01 至 2030-07-01',
    );
    expect(validityText(course({ ce_type: 2, ce_time: '2030-07-01' }), t, 'zh-CN')).toBe('有效期至 2030-07-01');
  });
});
