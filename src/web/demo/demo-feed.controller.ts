import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';
import { DemoPost, demoFeedXml, demoPageHtml, publishDemoPost } from '../domain/demo-feed';

/**
 * A feed served by Tidings itself, for the README's walkthrough: no outside site is needed to see an email
 * arrive. Its posts live in this process's memory only.
 */
@Controller('demo')
export class DemoFeedController {
  private posts: DemoPost[] = [];

  constructor(
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return demoPageHtml(this.config.PUBLIC_URL);
  }

  @Get('feed.xml')
  @Header('Content-Type', 'application/rss+xml; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  feed(): string {
    this.posts = publishDemoPost(this.posts, this.clock.now());
    return demoFeedXml(this.posts, this.config.PUBLIC_URL);
  }
}
