import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError, StorageEngine } from 'multer';
import { Observable } from 'rxjs';
import { BadRequestError, PayloadTooLargeError } from '@api/modules/common/app-error';
import { ConfigService } from '@api/modules/config/config.service';
import { IncomingFile, StorageRepository } from '@api/modules/storage/storage.repository';

export interface ReceivedUpload {
  path: string;
  originalName: string;
  size: number;
  sha256: string;
  incoming: IncomingFile;
}

type ReceivedFile = Express.Multer.File & { sha256: string; incoming: IncomingFile };

export type UploadRequest = Request & { upload?: ReceivedUpload };

/**
 * Receives one multipart file into a private incoming file, streamed, encrypted and hashed, enforcing the size
 * limit; anything else about the request is answered with the error contract.
 */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly middleware: ReturnType<ReturnType<typeof multer>['single']>;
  private readonly maxMb: number;

  constructor(
    config: ConfigService,
    private readonly storage: StorageRepository,
  ) {
    this.maxMb = config.storage.maxUploadMb;
    const engine: StorageEngine = {
      _handleFile: (_req, file, done) => {
        storage.receive(file.stream).then(
          (received) => done(null, { path: received.path, size: received.size, sha256: received.sha256, incoming: received } as Partial<ReceivedFile>),
          (error: Error) => done(error),
        );
      },
      _removeFile: (_req, file, done) => {
        storage.removeIncoming(file.path).then(() => done(null), done);
      },
    };
    this.middleware = multer({
      storage: engine,
      preservePath: true,
      defParamCharset: 'utf8',
      limits: { fileSize: this.maxMb * 1024 * 1024, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    }).single('file');
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<UploadRequest>();
    await new Promise<void>((resolve, reject) => {
      this.middleware(request, http.getResponse<Response>(), (error: unknown) => (error ? reject(this.translate(error)) : resolve()));
    });
    const file = request.file as ReceivedFile | undefined;
    if (Array.isArray((request.body as Record<string, unknown> | undefined)?.project_id)) {
      if (file) await this.storage.removeIncoming(file.path);
      throw new BadRequestError('Send one project_id per upload: the form holds "project_id" more than once.');
    }
    if (!file) throw new BadRequestError('No file was uploaded: send the document as multipart/form-data in the "file" field.');
    request.upload = { path: file.path, originalName: file.originalname, size: file.size, sha256: file.sha256, incoming: file.incoming };
    return next.handle();
  }

  private translate(error: unknown): Error {
    if (error instanceof MulterError) {
      switch (error.code) {
        case 'LIMIT_FILE_SIZE':
          return new PayloadTooLargeError(`The file is larger than the upload limit of ${this.maxMb} MB.`);
        case 'LIMIT_FILE_COUNT':
        case 'LIMIT_UNEXPECTED_FILE':
          return new BadRequestError('Send exactly one file per request, in the "file" field.');
        case 'LIMIT_PART_COUNT':
        case 'LIMIT_FIELD_COUNT':
        case 'LIMIT_FIELD_KEY':
        case 'LIMIT_FIELD_VALUE':
        case 'MISSING_FIELD_NAME':
          return new BadRequestError('The upload form has too many or malformed fields: send only "file" and "project_id".');
      }
    }
    const message = error instanceof Error ? error.message : '';
    if (/malformed part header/i.test(message)) {
      return new BadRequestError('The upload could not be read: a part header is malformed, for example a file name with control characters.');
    }
    if (/multipart|boundary|unexpected end of form/i.test(message)) {
      return new BadRequestError('The upload could not be read: send it as multipart/form-data with "file" and "project_id".');
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}
