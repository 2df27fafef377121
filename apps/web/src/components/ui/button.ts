import styles from './button.module.css';

/** Class names for anything that looks like a button: <button>, <a>, router links. */
export const buttonClass = { primary: styles.primary, secondary: styles.secondary } as const;
