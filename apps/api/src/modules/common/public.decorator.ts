import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'casewise:public';

/** Marks a route that needs no bearer token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);
