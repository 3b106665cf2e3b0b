import { JobEntity } from '@api/modules/jobs/job.entity';

/** Every TypeORM entity of the app; a feature adds its entities here. */
export const ENTITIES = [JobEntity];
