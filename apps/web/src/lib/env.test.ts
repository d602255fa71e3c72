import { describe, expect, it } from 'vitest';
import { envFromHost, resolveEnv } from './env';

describe('environment', () => {
  it('S9.6 the environment and application name follow the host name', () => {
    expect(envFromHost('localhost')).toBe('dev');
    expect(envFromHost('mch.dev.pay.example.com')).toBe('dev');
    expect(envFromHost('mch-test.pay.example.com')).toBe('test');
    expect(envFromHost('test2.pay.example.com')).toBe('test');
    expect(envFromHost('mch.sit.pay.example.com')).toBe('sit');
    expect(envFromHost('mch.pay.example.com')).toBe('production');
    expect(envFromHost('contest.example.com')).toBe('production');
    expect(resolveEnv({ hostname: 'mch.pay.example.com', port: '' }).appName).toBe('mchweb');
    expect(resolveEnv({ hostname: 'mch.sit.pay.example.com', port: '' }).appName).toBe('mchweb-sit');
  });

  it('S9.6 on an explicit port the test backend origin is used; without one the page origin', () => {
    expect(resolveEnv({ hostname: 'mch.pay.example.com', port: '' }, 'https://test-api.example.com').apiOrigin).toBe(
      '',
    );
    expect(resolveEnv({ hostname: 'localhost', port: '5173' }, 'https://test-api.example.com/').apiOrigin).toBe(
      'https://test-api.example.com',
    );
    // no test backend configured: the dev server's proxy (same origin) is the test backend
    expect(resolveEnv({ hostname: 'localhost', port: '5173' }, undefined).apiOrigin).toBe('');
  });
});
