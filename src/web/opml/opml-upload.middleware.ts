import { Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { MAX_OPML_BYTES } from '../../feeds/domain/opml';

export type UploadRequest = Request & { file?: { buffer: Buffer }; uploadError?: string };

interface Multer {
  (options: { storage: unknown; limits: Record<string, number> }): {
    single(field: string): (request: Request, response: Response, done: (error: unknown) => void) => void;
  };
  memoryStorage(): unknown;
}

// multer ships with @nestjs/platform-express, without type declarations.
const multer = require('multer') as Multer;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_OPML_BYTES, files: 1, fields: 5, parts: 6 },
}).single('file');

/**
 * Parses the OPML upload (multipart) before the guards run, so that the CSRF guard sees the form's
 * hidden field. A refused upload is recorded for the page to explain rather than failing the request.
 */
@Injectable()
export class OpmlUploadMiddleware implements NestMiddleware {
  use(request: UploadRequest, response: Response, next: NextFunction): void {
    upload(request, response, (error: unknown) => {
      if (error) {
        request.body ??= {};
        request.uploadError =
          (error as { code?: string }).code === 'LIMIT_FILE_SIZE'
            ? `the file is larger than ${MAX_OPML_BYTES / 1024 / 1024} MB`
            : `the upload could not be read (${(error as Error).message})`;
      }
      next();
    });
  }
}
