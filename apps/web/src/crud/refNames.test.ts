import { afterEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../api/client.ts', () => ({ client: { request } }));

const { codeAndName, loadRefName } = await import('./refNames.ts');

afterEach(() => request.mockReset());

describe('reference names', () => {
  it('asks for the names of one moment in one call per referenced entity, never per row', async () => {
    request.mockImplementation(
      async (_method: string, path: string, options: { body: { values: string[] } }) =>
        Object.fromEntries(
          options.body.values.filter((v) => v !== 'NONE').map((v) => [v, `${path.split('/')[2]} ${v}`]),
        ),
    );
    const materials = Array.from({ length: 40 }, (_v, n) => loadRefName('/api/m', 'code', 'name', `M${n}`));
    const again = loadRefName('/api/m', 'code', 'name', 'M1');
    const owner = loadRefName('/api/c', 'code', 'name', 'C1');
    const missing = loadRefName('/api/m', 'code', 'name', 'NONE');
    expect(await Promise.all(materials)).toEqual(Array.from({ length: 40 }, (_v, n) => `m M${n}`));
    expect(await again).toBe('m M1');
    expect(await owner).toBe('c C1');
    expect(await missing).toBeNull();
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenCalledWith('POST', '/api/m/names', {
      body: {
        by: 'code',
        label: 'name',
        values: [...Array.from({ length: 40 }, (_v, n) => `M${n}`), 'NONE'],
      },
      quiet: true,
    });
  });

  it('shows the code alone when the names cannot be read', async () => {
    request.mockRejectedValue(new Error('403'));
    expect(await loadRefName('/api/m', 'code', 'name', 'M1')).toBeNull();
    expect(codeAndName('M1', null)).toBe('M1');
    expect(codeAndName('M1', '螺丝 M6')).toBe('M1 螺丝 M6');
    expect(codeAndName('A1-01', 'A1-01')).toBe('A1-01');
  });
});
