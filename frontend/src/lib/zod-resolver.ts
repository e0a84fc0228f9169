import { zodResolver } from '@hookform/resolvers/zod';
import { setZodMessagesInFrench } from '@domain/zod-locale';

// The forms' resolver: loaded with the first form, so pages without one do not carry the locale.
setZodMessagesInFrench();

export { zodResolver };
