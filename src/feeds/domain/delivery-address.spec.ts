import { deliveryAddressState, deliveryAddressWords, recipientAddress } from './delivery-address';

describe('a subscription’s delivery address', () => {
  const account = 'me@example.com';
  const waiting = { deliverTo: 'lists@example.org', deliverToConfirmedAt: null };
  const confirmed = {
    deliverTo: 'lists@example.org',
    deliverToConfirmedAt: new Date('2026-11-28T03:00:00Z'),
  };
  const none = { deliverTo: null, deliverToConfirmedAt: null };

  it('is used only once confirmed: until then the account address gets the emails', () => {
    expect([none, waiting, confirmed].map((fields) => recipientAddress(account, fields))).toEqual([
      account,
      account,
      'lists@example.org',
    ]);
  });

  it('reads as the reader sees it', () => {
    expect(
      [none, waiting, confirmed].map((fields) => deliveryAddressWords(deliveryAddressState(fields))),
    ).toEqual(['the account address', 'waiting for confirmation at lists@example.org', 'lists@example.org']);
  });
});
