import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DatabaseState {
  status: 'up' | 'down';
  dialect: string;
  pendingMigrations?: boolean;
  error?: string;
}

@Injectable()
export class DatabaseHealth {
  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<DatabaseState> {
    const dialect = this.dataSource.options.type;
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'up', dialect, pendingMigrations: await this.dataSource.showMigrations() };
    } catch (error) {
      return { status: 'down', dialect, error: (error as Error).message };
    }
  }
}
