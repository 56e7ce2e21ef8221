import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { buildClockedApp, MovableClock, secondConnection } from '../../../test/modules/notifications';
import { issuePasswordLink } from './auth-service';
import { throttleAddress } from './client-address';
import { backoffSeconds, LOGIN_BACKOFF } from './login-throttle';

const clock = new MovableClock(new Date('2026-03-02T09:00:00Z'));
let t: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  behindProxy = await createTestApp({ clock, env: { TRUST_PROXY: '127.0.0.1, 10.20.0.0/16' } });
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});
beforeEach(() => {
  // Each test starts a day later, so that no counter of an earlier test is still within its window.
  clock.set(new Date(clock.now().getTime() + 2 * 86_400_000));
});

let addressCounter = 0;
/** A documentation address no other test uses. */
function freshAddress() {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

function attempt(
  app: TestApp,
  username: string,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/auth/login',
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    ...(from.forwardedFor ? { headers: { 'x-forwarded-for': from.forwardedFor } } : {}),
    payload: { username, password },
  });
}

async function failTimes(app: TestApp, username: string, count: number, from: Parameters<typeof attempt>[3]) {
  for (let index = 0; index < count; index++) {
    const response = await attempt(app, username, `wrong password ${index}`, from);
    expect(response.statusCode, response.body).toBe(401);
  }
}

function advanceSeconds(seconds: number) {
  clock.set(new Date(clock.now().getTime() + seconds * 1000));
}

describe('client address', () => {
  it('ignores X-Forwarded-For by default: a client cannot pick a new address per guess', async () => {
    const remoteAddress = freshAddress();
    for (let index = 0; index < LOGIN_BACKOFF.address.free; index++) {
      const response = await attempt(t, `sprayed-${index}`, 'guess', {
        remoteAddress,
        forwardedFor: `203.0.113.${index + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const next = await attempt(t, 'sprayed-next', 'guess', { remoteAddress, forwardedFor: '203.0.113.99' });
    expect(next.statusCode).toBe(429);

    // Nor the account's own counter at one address.
    const user = await t.createUser();
    const other = freshAddress();
    for (let index = 0; index < LOGIN_BACKOFF.accountAtAddress.free; index++) {
      await attempt(t, user.username, `guess ${index}`, {
        remoteAddress: other,
        forwardedFor: `203.0.113.${index + 1}`,
      });
    }
    const right = await attempt(t, user.username, TEST_PASSWORD, {
      remoteAddress: other,
      forwardedFor: '203.0.113.98',
    });
    expect(right.statusCode).toBe(429);
  });

  it('with TRUST_PROXY, believes X-Forwarded-For from a listed proxy only', async () => {
    const user = await behindProxy.createUser();
    // Through the proxy (the socket peer is 127.0.0.1): the forwarded address is the client's.
    await failTimes(behindProxy, user.username, LOGIN_BACKOFF.accountAtAddress.free, {
      forwardedFor: '203.0.113.10',
    });
    const sameClient = await attempt(behindProxy, user.username, TEST_PASSWORD, {
      forwardedFor: '203.0.113.10',
    });
    expect(sameClient.statusCode).toBe(429);
    const otherClient = await attempt(behindProxy, user.username, TEST_PASSWORD, {
      forwardedFor: '203.0.113.11',
    });
    expect(otherClient.statusCode).toBe(204);

    // A chain of two listed proxies: the first address that is not a proxy is the client.
    const chained = await behindProxy.createUser();
    await failTimes(behindProxy, chained.username, LOGIN_BACKOFF.accountAtAddress.free, {
      forwardedFor: '203.0.113.12, 10.20.3.4',
    });
    const chainedAgain = await attempt(behindProxy, chained.username, TEST_PASSWORD, {
      forwardedFor: '203.0.113.12',
    });
    expect(chainedAgain.statusCode).toBe(429);

    // A peer that is not a listed proxy: its header is ignored.
    const direct = await behindProxy.createUser();
    const remoteAddress = freshAddress();
    for (let index = 0; index < LOGIN_BACKOFF.accountAtAddress.free; index++) {
      await attempt(behindProxy, direct.username, 'wrong', {
        remoteAddress,
        forwardedFor: `203.0.113.${50 + index}`,
      });
    }
    const spoofed = await attempt(behindProxy, direct.username, TEST_PASSWORD, {
      remoteAddress,
      forwardedFor: '203.0.113.60',
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', async () => {
    expect(throttleAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('::ffff:c000:207')).toBe('192.0.2.7');
    expect(throttleAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:DB8::1%eth0')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');

    const user = await t.createUser();
    for (let index = 0; index < LOGIN_BACKOFF.accountAtAddress.free; index++) {
      await attempt(t, user.username, 'wrong', { remoteAddress: `2001:db8:77:1::${index + 1}` });
    }
    const sameNetwork = await attempt(t, user.username, TEST_PASSWORD, {
      remoteAddress: '2001:db8:77:1::ffff',
    });
    expect(sameNetwork.statusCode).toBe(429);
  });
});

describe('login backoff', () => {
  it('a stranger failing from other addresses does not keep the admin out', async () => {
    const admin = await t.createUser({ isAdmin: true });
    const home = freshAddress();
    expect((await attempt(t, admin.username, TEST_PASSWORD, { remoteAddress: home })).statusCode).toBe(204);

    const stranger = freshAddress();
    await failTimes(t, admin.username, LOGIN_BACKOFF.accountAtAddress.free, { remoteAddress: stranger });
    // The stranger's own address waits, even with the right password...
    const strangerRight = await attempt(t, admin.username, TEST_PASSWORD, { remoteAddress: stranger });
    expect(strangerRight.statusCode).toBe(429);
    // ...the admin, from an address never used before, is not held back.
    const travelling = freshAddress();
    expect((await attempt(t, admin.username, TEST_PASSWORD, { remoteAddress: travelling })).statusCode).toBe(
      204,
    );

    // Guessing spread over many addresses: past the account's free failures (the stranger's count too),
    // new addresses wait as well.
    for (let index = LOGIN_BACKOFF.accountAtAddress.free; index < LOGIN_BACKOFF.account.free; index++) {
      await failTimes(t, admin.username, 1, { remoteAddress: freshAddress() });
    }
    const guesser = await attempt(t, admin.username, TEST_PASSWORD, { remoteAddress: freshAddress() });
    expect(guesser.statusCode).toBe(429);
    // The addresses the admin has signed in from still work.
    expect((await attempt(t, admin.username, TEST_PASSWORD, { remoteAddress: home })).statusCode).toBe(204);
    expect((await attempt(t, admin.username, TEST_PASSWORD, { remoteAddress: travelling })).statusCode).toBe(
      204,
    );
  });

  it('a password reset from a new address lets the owner in from there during an attack', async () => {
    const user = await t.createUser();
    for (let index = 0; index < LOGIN_BACKOFF.account.free; index++) {
      await failTimes(t, user.username, 1, { remoteAddress: freshAddress() });
    }
    const café = freshAddress();
    expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress: café })).statusCode).toBe(429);

    const { link } = await issuePasswordLink(t.db.db, t.config, user.id, 60, clock.now());
    const token = new URL(link).hash.replace('#token=', '');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/confirm',
      remoteAddress: café,
      payload: { token, newPassword: 'a brand new password' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(
      (await attempt(t, user.username, 'a brand new password', { remoteAddress: café })).statusCode,
    ).toBe(204);
  });

  it('each failure past the free ones doubles the wait, up to the cap', async () => {
    const user = await t.createUser();
    const remoteAddress = freshAddress();
    const rule = LOGIN_BACKOFF.accountAtAddress;
    await failTimes(t, user.username, rule.free - 1, { remoteAddress });
    const waits: number[] = [];
    for (let failures = rule.free; failures <= rule.free + 6; failures++) {
      await failTimes(t, user.username, 1, { remoteAddress });
      const refused = await attempt(t, user.username, TEST_PASSWORD, { remoteAddress });
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      if (failures === rule.free) {
        expect(refused.json().message).toBe(
          'Too many failed login attempts. Please try again in 30 seconds.',
        );
      }
      // One second short of the wait is still refused; at its end, the next guess is checked again.
      advanceSeconds(waits.at(-1)! - 1);
      expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress })).statusCode).toBe(429);
      advanceSeconds(1);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(waits).toEqual(waits.map((_, index) => backoffSeconds(rule, rule.free + index)));
    // The right password ends it all: the count starts again from nothing.
    expect((await attempt(t, user.username, TEST_PASSWORD, { remoteAddress })).statusCode).toBe(204);
    await failTimes(t, user.username, rule.free - 1, { remoteAddress });
  });

  it('limits failures per address across accounts; other addresses are not affected', async () => {
    const remoteAddress = freshAddress();
    for (let index = 0; index < LOGIN_BACKOFF.address.free; index++) {
      const response = await attempt(t, `ghost-${index}`, 'nope', { remoteAddress });
      expect(response.statusCode).toBe(401);
    }
    const next = await attempt(t, 'ghost-next', 'nope', { remoteAddress });
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('60');
    const other = await attempt(t, 'ghost-next', 'nope', { remoteAddress: freshAddress() });
    expect(other.statusCode).toBe(401);
  });

  it('parallel guesses cannot slip past the count', async () => {
    const user = await t.createUser();
    const remoteAddress = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        attempt(t, user.username, `parallel ${index}`, { remoteAddress }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_BACKOFF.accountAtAddress.free);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      20 - LOGIN_BACKOFF.accountAtAddress.free,
    );
  });

  it('is kept in the database: a second instance sees the same wait', async () => {
    const second = await secondConnection(t.db);
    const other = await buildClockedApp(second.database, clock);
    try {
      const user = await t.createUser();
      const remoteAddress = freshAddress();
      await failTimes(t, user.username, LOGIN_BACKOFF.accountAtAddress.free, { remoteAddress });
      const elsewhere = await attempt(other, user.username, TEST_PASSWORD, { remoteAddress });
      expect(elsewhere.statusCode).toBe(429);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
