import { Box, Card, CardContent, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayTotals } from './daily-usage';

function DayChart({ title, data, field, color }: { title: string; data: DayTotals[]; field: 'pages' | 'questions'; color: string }) {
  const total = data.reduce((sum, day) => sum + day[field], 0);
  return (
    <Card sx={{ flex: '1 1 360px', minWidth: 0 }}>
      <CardContent>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {total} in the last 30 days
        </Typography>
        <Box role="img" aria-label={`${title}: ${total} in the last 30 days`} sx={{ height: 220 }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={16} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip />
              <Bar dataKey={field} name={title} fill={color} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Pages ingested and questions asked per day; loaded on its own so the charting code stays off the first load. */
export default function UsageCharts({ data }: { data: DayTotals[] }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <DayChart title="Pages ingested per day" data={data} field="pages" color="#1f4e8c" />
      <DayChart title="Questions per day" data={data} field="questions" color="#6a3d9a" />
    </Box>
  );
}
