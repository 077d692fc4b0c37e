import { Module } from '@nestjs/common';
import { DnsResolver } from './dns-resolver';
import { SafeHttpClient } from './safe-http-client';

/** The SSRF-guarded HTTP client on its own, for modules that fetch pages without polling (content, web). */
@Module({ providers: [SafeHttpClient, DnsResolver], exports: [SafeHttpClient] })
export class SafeHttpModule {}
