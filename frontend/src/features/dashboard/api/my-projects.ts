import type { MyProjectsAnswer } from '@domain/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/projects/mine`: the signed-in client's projects (by id or verified e-mail) and counters. */
const getMyProjects = () => api.get<MyProjectsAnswer>('/projects/mine', { query: { as: 'client' } });

export const myProjectsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'mine', 'client'],
    queryFn: getMyProjects,
  });

export const useMyProjects = () => useQuery(myProjectsQuery());
