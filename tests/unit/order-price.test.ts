/** The order price rules (shared/rules/order-price): integer fen, the column discount, states, confirmation. */
import { describe, expect, it } from 'vitest';
import {
  columnDiscount,
  confirmRefusal,
  deletable,
  effectiveStatus,
  fenText,
  isPayable,
  orderExpiry,
  orderNumber,
  orderPrice,
  yuanToFen,
} from '../../shared/rules/order-price';

describe('orderPrice', () => {
  it.each([
    [
      { actualFen: 8850, priceFen: 12000 },
      { amountFen: 8850, priceFen: 12000 },
    ],
    [
      { actualFen: 8850, priceFen: 0 },
      { amountFen: 8850, priceFen: 8850 },
    ],
    [
      { actualFen: 5000, priceFen: 3000 },
      { amountFen: 5000, priceFen: 5000 },
    ],
    [
      { actualFen: 0, priceFen: 3000 },
      { amountFen: 0, priceFen: 3000 },
    ],
    [
      { actualFen: -5, priceFen: 0 },
      { amountFen: 0, priceFen: 0 },
    ],
    [
      { actualFen: 12.5, priceFen: 0 },
      { amountFen: 0, priceFen: 0 },
    ],
  ])('%j → %j', (item, price) => {
    expect(orderPrice(item)).toEqual(price);
  });

  it('is payable only above 0 fen', () => {
    expect(isPayable({ amountFen: 1, priceFen: 1 })).toBe(true);
    expect(isPayable({ amountFen: 0, priceFen: 100 })).toBe(false);
  });
});

describe('columnDiscount: the column price against the sum of its courses', () => {
  it.each([
    [8000, [4000, 6000], { sumFen: 10000, savedFen: 2000, tenths: 8, percentOff: 20 }],
    [8500, [4000, 6000], { sumFen: 10000, savedFen: 1500, tenths: 8.5, percentOff: 15 }],
    [9999, [4000, 6000], { sumFen: 10000, savedFen: 1, tenths: 9.9, percentOff: 1 }],
    [1, [4000, 6000], { sumFen: 10000, savedFen: 9999, tenths: 0.1, percentOff: 99 }],
    [10000, [4000, 6000], { sumFen: 10000, savedFen: 0, tenths: null, percentOff: null }],
    [12000, [4000, 6000], { sumFen: 10000, savedFen: 0, tenths: null, percentOff: null }],
    [3000, [], { sumFen: 0, savedFen: 0, tenths: null, percentOff: null }],
    [1990, [990, 1990], { sumFen: 2980, savedFen: 990, tenths: 6.7, percentOff: 33 }],
  ])('%i against %j', (column, coursesFen, expected) => {
    expect(columnDiscount(column, coursesFen)).toMatchObject(expected);
  });
});

describe('fen and yuan texts', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1230, '12.30'],
    [8850, '88.50'],
    [-5, '-0.05'],
    [100_000_000_00, '100000000.00'],
  ])('fenText(%i) = %s', (fen, text) => {
    expect(fenText(fen)).toBe(text);
  });

  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.30', 1230],
    ['0.07', 7],
    [' 88.5 ', 8850],
    ['19.99', 1999],
    ['1.234', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('yuanToFen(%j) = %j', (text, fen) => {
    expect(yuanToFen(text)).toBe(fen);
  });
});

describe('order states', () => {
  const created = Date.UTC(2031, 0, 1);
  const expiresAt = orderExpiry(created, 2);

  it('expires after its hours, inclusive of the last instant', () => {
    expect(expiresAt).toBe(created + 2 * 3_600_000 - 1);
    expect(effectiveStatus({ status: 'pending', expiresAt }, expiresAt)).toBe('pending');
    expect(effectiveStatus({ status: 'pending', expiresAt }, expiresAt + 1)).toBe('closed');
    expect(effectiveStatus({ status: 'paid', expiresAt }, expiresAt + 1)).toBe('paid');
    expect(effectiveStatus({ status: 'cancelled', expiresAt }, expiresAt + 1)).toBe('cancelled');
  });

  it('deletes only orders that are no longer pending', () => {
    expect(deletable('pending')).toBe(false);
    expect(['paid', 'cancelled', 'closed'].every((status) => deletable(status as 'paid'))).toBe(true);
  });

  it('numbers an order by its day and ten random digits', () => {
    expect(orderNumber(new Date(2031, 4, 9, 23, 59).getTime(), '42')).toBe('203105090000000042');
    expect(orderNumber(new Date(2031, 11, 31).getTime(), '9876543210')).toMatch(/^20311231\d{10}$/);
  });
});

describe('confirmRefusal', () => {
  const pending = { status: 'pending' as const, amountFen: 8850 };
  it.each([
    [pending, { paidFen: 8850, note: '' }, null],
    [pending, { paidFen: 8000, note: '' }, 'noteRequired'],
    [pending, { paidFen: 8000, note: '  ' }, 'noteRequired'],
    [pending, { paidFen: 8000, note: 'bank fee' }, null],
    [pending, { paidFen: 0, note: 'x' }, 'badAmount'],
    [pending, { paidFen: 88.5, note: 'x' }, 'badAmount'],
    [{ status: 'paid' as const, amountFen: 8850 }, { paidFen: 8850, note: '' }, 'notPending'],
    [{ status: 'closed' as const, amountFen: 8850 }, { paidFen: 8850, note: '' }, 'notPending'],
  ])('%j %j → %s', (order, payment, refusal) => {
    expect(confirmRefusal(order, payment)).toBe(refusal);
  });
});
