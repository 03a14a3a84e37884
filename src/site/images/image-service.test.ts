import { describe, expect, it } from 'vitest';
import service, { sourcePath } from './image-service.ts';

const config = { service: { entrypoint: '', config: {} }, domains: [], remotePatterns: [] } as never;
const logger = console as never;

describe('the image service names a CMS image by its path', () => {
  it('hashes the source without its origin, and every option Astro hashes besides', () => {
    expect(service.propertiesToHash).toContain('srcPath');
    expect(service.propertiesToHash).not.toContain('src');
    for (const option of ['width', 'height', 'format', 'quality', 'fit', 'position'])
      expect(service.propertiesToHash).toContain(option);
    expect(sourcePath('http://127.0.0.1:4001/sites/default/files/a%20b.jpg?itok=x')).toBe(
      sourcePath('https://cms.example/sites/default/files/a%20b.jpg?itok=x'),
    );
    expect(sourcePath('http://127.0.0.1:4001/sites/default/files/2024-01/a.jpg')).not.toBe(
      sourcePath('http://127.0.0.1:4001/sites/default/files/2024-02/a.jpg'),
    );
  });

  it('adds the path to the options it validates, and never to the <img> attributes', async () => {
    const options = await service.validateOptions!(
      { src: 'http://127.0.0.1:4001/sites/default/files/program-1.jpg', width: 400, height: 225, alt: '' },
      config,
      logger,
    );
    expect(options).toMatchObject({ srcPath: '/sites/default/files/program-1.jpg', width: 400 });
    const attributes = await service.getHTMLAttributes!(options, config, logger);
    expect(Object.keys(attributes)).not.toContain('srcPath');
    expect(attributes).toMatchObject({ width: 400, height: 225 });
  });
});
