// 211 chat hours: Monday to Friday, 8 a.m. to 10 p.m. New Brunswick time (America/Moncton,
// daylight saving included).
const TIME_ZONE = 'America/Moncton';

function monctonParts(date: Date): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export function isChatOpen(date: Date): boolean {
  const { weekday, minutes } = monctonParts(date);
  return weekday >= 1 && weekday <= 5 && minutes >= 8 * 60 && minutes < 22 * 60;
}
