import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/tracking-numbers/recognise';

describe('POST /api/tracking-numbers/recognise', () => {
  it('answers each number in the order given, with carrier, service, check digit and link', async () => {
    // A user without any flag: the call is open to every signed-in user.
    const { session } = await t.signIn({ orderUser: false, inventoryUser: false, submissionUser: false });
    const response = await t.as(session).post(URL, {
      numbers: [' 1z999aa1 0123 4567 84', '1Z999AA10123456785', 'PO-104522', 'RR123456785CH'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          number: ' 1z999aa1 0123 4567 84',
          normalized: '1Z999AA10123456784',
          carrier: 'ups',
          carrierName: 'UPS',
          service: 'UPS Next Day Air',
          checkDigit: 'valid',
          url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          confidence: 'high',
        },
        expect.objectContaining({ number: '1Z999AA10123456785', carrier: 'ups', checkDigit: 'invalid' }),
        {
          number: 'PO-104522',
          normalized: 'PO104522',
          carrier: null,
          carrierName: null,
          service: null,
          checkDigit: 'none',
          url: null,
          confidence: null,
        },
        expect.objectContaining({
          carrier: 'post_ch',
          carrierName: 'Swiss Post',
          checkDigit: 'valid',
          url: null,
        }),
      ],
    });
  });

  it('is open to admins and order users alike', async () => {
    for (const flags of [{ isAdmin: true }, { orderUser: true }, { inventoryUser: true, orderUser: false }]) {
      const { session } = await t.signIn(flags);
      const response = await t.as(session).post(URL, { numbers: ['986578788855'] });
      expect(response.statusCode, JSON.stringify(flags)).toBe(200);
      expect(response.json().results[0]).toMatchObject({ carrier: 'fedex', checkDigit: 'valid' });
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: URL, payload: { numbers: ['986578788855'] } });
    expect(response.statusCode).toBe(401);
  });

  it('takes a read-only API token (the call changes nothing)', async () => {
    const { session } = await t.signIn({ orderUser: false });
    const created = await t.as(session).post('/api/tokens', {
      name: 'carrier lookups',
      expiresInDays: 1,
      scope: 'read',
      currentPassword: TEST_PASSWORD,
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${created.json().token}` },
      payload: { numbers: ['9611020987654312345672'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results[0]).toMatchObject({
      carrier: 'fedex',
      service: 'FedEx Ground',
      checkDigit: 'valid',
    });
  });

  it.each([
    ['no body field', {}, 'numbers'],
    ['an empty list', { numbers: [] }, 'numbers'],
    ['1,001 numbers', { numbers: Array.from({ length: 1001 }, () => '986578788855') }, 'numbers'],
    ['a number of 65 characters', { numbers: ['1'.repeat(65)] }, 'numbers.0'],
    ['a number that is not a string', { numbers: ['986578788855', 986578788855] }, 'numbers.1'],
    ['numbers that is not a list', { numbers: '986578788855' }, 'numbers'],
  ])('refuses %s with a clear 400', async (_name, payload, field) => {
    const { session } = await t.signIn();
    const response = await t.as(session).post(URL, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toHaveProperty([field]);
  });

  it('takes 1,000 numbers of 64 characters at once', async () => {
    const { session } = await t.signIn();
    const response = await t
      .as(session)
      .post(URL, { numbers: Array.from({ length: 1000 }, (_, i) => String(i).padStart(64, '0')) });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(1000);
  });
});
