import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { Public } from '@api/modules/common/public.decorator';
import { HealthResponseDto, ReadyResponseDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly service: HealthService) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'Service health',
    description: 'Whether the database and the job queue answer, which backends run, and the version. Needs no token; 503 when the database does not answer.',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiErrors(503)
  getHealth(): Promise<HealthResponseDto> {
    return this.service.check();
  }

  @Public()
  @Get('ready')
  @ApiOperation({
    summary: 'Readiness for load balancers',
    description: 'Needs no token. 200 only when the database and the job queue both answer; 503 naming what does not.',
  })
  @ApiOkResponse({ type: ReadyResponseDto })
  @ApiErrors(503)
  getReady(): Promise<ReadyResponseDto> {
    return this.service.ready();
  }
}
