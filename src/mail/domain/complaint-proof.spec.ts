import { judgeComplaint } from './complaint-proof';

describe('judgeComplaint', () => {
  it('lets a report carrying our signed token end the email’s subscriptions and stop the reader’s bulk mail', () => {
    expect(judgeComplaint({ signedEmailId: 'A', messageIdEmailId: null })).toEqual({
      emailId: 'A',
      proof: 'signed-token',
      endsSubscriptions: true,
      suppressesReader: true,
    });
    // The signed token names the email, whatever Message-ID the report also gives.
    expect(judgeComplaint({ signedEmailId: 'A', messageIdEmailId: 'B' }).emailId).toBe('A');
  });

  it('lets a report naming only a Message-ID end that email’s subscriptions and no more', () => {
    expect(judgeComplaint({ signedEmailId: null, messageIdEmailId: 'B' })).toEqual({
      emailId: 'B',
      proof: 'message-id',
      endsSubscriptions: true,
      suppressesReader: false,
    });
  });

  it('does nothing for a report that names no email of ours', () => {
    expect(judgeComplaint({ signedEmailId: null, messageIdEmailId: null })).toEqual({
      emailId: null,
      proof: null,
      endsSubscriptions: false,
      suppressesReader: false,
    });
  });
});
