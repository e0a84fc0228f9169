import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A grey placeholder block while data loads; hidden from screen readers (the region says it is busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200/80', className)} {...props} />;
}
