import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { DatabaseHealth } from '../db/database-health';

@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseHealth) {}

  @Get()
  async check() {
    const database = await this.database.check();
    const body = { status: database.status === 'up' ? 'ok' : 'error', database };
    if (database.status !== 'up') throw new HttpException(body, HttpStatus.SERVICE_UNAVAILABLE);
    return body;
  }
}
