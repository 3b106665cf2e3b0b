/** How a message's time stamp is written: hours and minutes, as the reader's locale writes them. */
export const MESSAGE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
