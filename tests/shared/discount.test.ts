import { describe, expect, it } from 'vitest';
import { discount, discountLabel, discountPercentOff, discountTenths, hasDiscount } from '../../shared/rules/discount';

describe('discount (spec 4: "shown when price is above actual: actual/price times 10, one decimal")', () => {
  it.each([
    ['8.5 of 10', 10, 8.5, 8.5, 15, '8.5折', '15% off'],
    ['80 of 100 shows one decimal', 100, 80, 8, 20, '8.0折', '20% off'],
    ['non-integer prices 29.9 of 39.9', 39.9, 29.9, 7.5, 25, '7.5折', '25% off'],
    ['decimal strings', '199.00', '99.00', 5, 50, '5.0折', '50% off'],
    ['half up: 6.25 → 6.3', 100, 62.5, 6.3, 38, '6.3折', '38% off'],
    ['floating noise: 19.9 of 20 is 9.95, not 10.0 (kept at 9.9)', 20, 19.9, 9.9, 1, '9.9折', '1% off'],
    ['99.5 of 100 is 9.95: 9.9折, not 10.0折', 100, 99.5, 9.9, 1, '9.9折', '1% off'],
    ['9.94 rounds down', 100, 99.4, 9.9, 1, '9.9折', '1% off'],
    ['a tiny price never reads 0.0折', 1000, 0.01, 0.1, 99, '0.1折', '99% off'],
    ['1/3 of the price', 3, 1, 3.3, 67, '3.3折', '67% off'],
  ] as const)('%s', (_name, price, actual, tenths, percentOff, zh, en) => {
    expect(hasDiscount(price, actual)).toBe(true);
    expect(discountTenths(price, actual)).toBe(tenths);
    expect(discountPercentOff(price, actual)).toBe(percentOff);
    expect(discount(price, actual, 'zh-CN')).toEqual({ tenths, percentOff, label: zh });
    expect(discountLabel(price, actual, 'en-gb')).toBe(en);
  });

  it.each([
    ['price equal to actual', 50, 50],
    ['price below actual', 40, 50],
    ['price 0', 0, 0],
    ['price 0, actual paid', 0, 10],
    ['free (actual 0) with an original price shows as free, no discount', 99, 0],
    ['negative actual', 99, -1],
    ['no original price', null, 10],
    ['unreadable original price', 'abc', 10],
    ['empty original price', '', 10],
    ['unreadable actual', 99, undefined],
  ] as const)('no discount: %s', (_name, price, actual) => {
    expect(hasDiscount(price, actual)).toBe(false);
    expect(discountTenths(price, actual)).toBeNull();
    expect(discountPercentOff(price, actual)).toBeNull();
    expect(discount(price, actual, 'zh-CN')).toBeNull();
    expect(discountLabel(price, actual, 'en-gb')).toBeNull();
  });
});
