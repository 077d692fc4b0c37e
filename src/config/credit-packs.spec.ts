import { parseCreditPacks } from './credit-packs';

describe('parseCreditPacks', () => {
  it('reads the default packs, the largest at half the price per credit of the smallest', () => {
    const packs = parseCreditPacks('1000:500, 5000:2000,20000:5000');
    expect(packs).toEqual([
      { id: '1000', credits: 1000, priceCents: 500 },
      { id: '5000', credits: 5000, priceCents: 2000 },
      { id: '20000', credits: 20000, priceCents: 5000 },
    ]);
  });

  it.each([
    ['', /CREDITS:CENTS/],
    ['1000', /CREDITS:CENTS/],
    ['1000:5.5', /CREDITS:CENTS/],
    ['-1:500', /CREDITS:CENTS/],
    ['1000:500;5000:2000', /CREDITS:CENTS/],
    ['0:500', /positive/],
    ['1000:0', /positive/],
    ['5000:2000,1000:500', /smallest to the largest/],
    ['1000:500,1000:400', /smallest to the largest/],
    ['1000:500,2000:1200', /costs more per credit/],
  ])('rejects %p', (text, message) => {
    expect(parseCreditPacks(text)).toMatch(message);
  });
});
