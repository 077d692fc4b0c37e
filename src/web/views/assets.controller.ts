import { Controller, Get, Header } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATES_DIR } from './web-views';

/** Our one stylesheet, served by us (no CDN), read once. */
@Controller('assets')
export class AssetsController {
  private readonly stylesheet = readFileSync(join(TEMPLATES_DIR, 'assets', 'app.css'), 'utf8');

  @Get('app.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  css(): string {
    return this.stylesheet;
  }
}
