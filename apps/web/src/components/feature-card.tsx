import type { ComponentType } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';

export interface Feature {
  title: string;
  text: string;
  icon: ComponentType<SvgIconProps>;
}

/** One feature of the product: its icon, title and a sentence, on an outlined card. */
export function FeatureCard({ title, text, icon: Icon, iconSize }: Feature & { iconSize?: SvgIconProps['fontSize'] }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Icon color="primary" fontSize={iconSize} aria-hidden="true" />
        <Typography component="h3" variant="h6" sx={{ mt: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </CardContent>
    </Card>
  );
}
