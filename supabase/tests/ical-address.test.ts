// The address classifier of the ical-import function (supabase/functions/ical-import/address.ts):
// which resolved addresses the server may fetch a feed from, and what ICAL_ALLOW_PRIVATE_NETWORK
// lets through. Pure functions, no backend.
import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  formatIp,
  parseIp,
  parsePolicy,
  refusedReason,
  STRICT,
} from '../functions/ical-import/address.ts';

const verdict = (text: string) => {
  const ip = parseIp(text);
  if (!ip) throw new Error(`${text} did not parse`);
  return refusedReason(ip) === null ? 'public' : 'refused';
};

describe('refusedReason', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '100.100.100.200',
    '169.254.169.254',
    '169.254.0.1',
    '168.63.129.16',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fc00::1',
    'fd00:ec2::254',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    '100::1',
    '64:ff9b:1::1',
    '1::1',
  ])('%s is refused', (ip) => {
    expect(verdict(ip)).toBe('refused');
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (ip) => {
    expect(verdict(ip)).toBe('public');
  });
});

describe('parseIp', () => {
  it('reads IPv4 and IPv6, and nothing else', () => {
    expect(parseIp('192.168.1.1')).toEqual(Uint8Array.from([192, 168, 1, 1]));
    expect(formatIp(parseIp('::ffff:127.0.0.1')!)).toBe('::ffff:7f00:1');
    expect(formatIp(parseIp('2001:DB8:0:0:1:0:0:1')!)).toBe('2001:db8::1:0:0:1');
    expect(formatIp(parseIp('fe80::')!)).toBe('fe80::');
    for (const bad of [
      'example.com',
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4.5',
      '::1::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      'gggg::1',
      '',
    ]) {
      expect(parseIp(bad), bad).toBeNull();
    }
  });
});

describe('the ICAL_ALLOW_PRIVATE_NETWORK policy', () => {
  const check = (setting: string | undefined, ip: string) =>
    checkAddress(parseIp(ip)!, parsePolicy(setting)) === null ? 'allowed' : 'refused';

  it('unset, empty or 0: every local address is refused; public ones pass', () => {
    for (const setting of [undefined, '', '0', 'false']) {
      expect(check(setting, '127.0.0.1')).toBe('refused');
      expect(check(setting, '8.8.8.8')).toBe('allowed');
    }
    expect(parsePolicy(undefined)).toBe(STRICT);
  });

  it('1 allows every address', () => {
    expect(check('1', '127.0.0.1')).toBe('allowed');
    expect(check('1', '169.254.169.254')).toBe('allowed');
  });

  it('a list allows exactly its addresses and blocks (IPv4-mapped forms included)', () => {
    const setting = '127.0.0.2, 10.1.0.0/16';
    expect(check(setting, '127.0.0.2')).toBe('allowed');
    expect(check(setting, '::ffff:127.0.0.2')).toBe('allowed');
    expect(check(setting, '10.1.200.3')).toBe('allowed');
    expect(check(setting, '127.0.0.1')).toBe('refused');
    expect(check(setting, '10.2.0.1')).toBe('refused');
    expect(check(setting, '::1')).toBe('refused');
    expect(check(setting, '169.254.169.254')).toBe('refused');
  });

  it('a malformed setting fails loudly rather than allowing anything', () => {
    expect(() => parsePolicy('localhost')).toThrow(/not an address/);
    expect(() => parsePolicy('10.0.0.0/40')).toThrow(/prefix/);
  });
});
