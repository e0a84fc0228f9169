/**
 * The brief the payment suites, the chaos suite and the soak send: a 3-minute YouTube video from
 * 45 minutes of rushes, horizontal, standard deadline (the wizard's fields, as the browser posts them).
 */
export const standardWizardBrief = (email: string) => ({
  email,
  video_type: 'youtube',
  objective: 'informer',
  final_duration: 3,
  total_rush_duration: 45,
  delivery_formats: 'horizontal',
  deadline: 'standard',
});
