/**
 * The standard library's instantiations most interview answers in Rust use, made once per process in the harness's
 * runtime crate instead of in every compile (decision 1408). At opt-level 0 rustc shares generics: a crate that needs
 * `Vec<i32>::sort` or `HashMap<i32, usize>::insert`'s non-inline parts links an upstream crate's copy when that crate
 * made one, and compiles its own only otherwise. The runtime is every function run's upstream crate, so these uses
 * (a module never called) put the copies there: the harness's own readers and writers of the vocabulary's types, the
 * vectors, maps, sets and queues answers build of them, their sorts, and the usual string and iterator steps.
 * What the candidate wrote means the same: sharing changes where the code was compiled, never which code runs. A use
 * of anything else, or of a closure of the candidate's (`sort_by(|a, b| ...)`), compiles as before.
 */
export const RUST_INSTANTIATIONS = `
pub mod assay_common {
    use super::{AssayIn, AssayJson, AssayRead};
    use std::collections::{HashMap, HashSet, VecDeque, BTreeMap};
    fn io<T: AssayRead + AssayJson + Clone>(input: &mut AssayIn, out: &mut String) -> T {
        let value = T::read(input);
        value.json(out);
        value.clone()
    }
    fn vec<T: Clone + Ord>(mut v: Vec<T>, x: T) -> Vec<T> {
        v.push(x.clone());
        v.sort();
        v.sort_unstable();
        v.dedup();
        v.reverse();
        v.insert(0, x.clone());
        let _ = v.contains(&x);
        let _ = v.binary_search(&x);
        v.extend_from_slice(&v.clone());
        v.truncate(1);
        let _ = v.pop();
        v
    }
    fn map<K: std::hash::Hash + Eq + Clone + Ord, V: Clone + Default>(k: K, v: V) -> HashMap<K, V> {
        let mut m = HashMap::new();
        m.insert(k.clone(), v.clone());
        let _ = m.get(&k);
        let _ = m.contains_key(&k);
        *m.entry(k.clone()).or_insert(v.clone()) = v.clone();
        m.entry(k.clone()).or_default();
        let _ = m.remove(&k);
        let mut b = BTreeMap::new();
        b.insert(k.clone(), v);
        let mut s = HashSet::new();
        s.insert(k.clone());
        let _ = s.contains(&k);
        m
    }
    pub fn all(input: &mut AssayIn, out: &mut String) {
        io::<i32>(input, out); io::<i64>(input, out); io::<f64>(input, out); io::<bool>(input, out); io::<char>(input, out); io::<String>(input, out);
        io::<Vec<i32>>(input, out); io::<Vec<i64>>(input, out); io::<Vec<f64>>(input, out); io::<Vec<bool>>(input, out); io::<Vec<char>>(input, out); io::<Vec<String>>(input, out);
        io::<Vec<Vec<i32>>>(input, out); io::<Vec<Vec<char>>>(input, out); io::<HashMap<String, i32>>(input, out); io::<HashMap<String, String>>(input, out);
        vec(Vec::<i32>::new(), 0); vec(Vec::<i64>::new(), 0); vec(Vec::<String>::new(), String::new()); vec(Vec::<char>::new(), 'a'); vec(Vec::<usize>::new(), 0); vec(Vec::<Vec<i32>>::new(), Vec::new());
        map(0i32, 0i32); map(0i32, 0usize); map(0i64, 0i64); map(String::new(), 0i32); map(String::new(), 0usize); map('a', 0i32); map('a', 0usize);
        let mut q: VecDeque<i32> = VecDeque::new(); q.push_back(0); q.pop_front();
        let mut q: VecDeque<(i32, i32)> = VecDeque::new(); q.push_back((0, 0)); q.pop_front();
        let s = String::new(); let _: Vec<char> = s.chars().collect(); let _: String = s.chars().rev().collect(); let _ = s.split_whitespace().collect::<Vec<&str>>();
        let _ = s.to_lowercase(); let _ = format!("{}{}", 0i32, s);
        let _ = vec![0i32; 1]; let _ = vec![0i64; 1]; let _ = vec![false; 1]; let _ = vec![0usize; 1]; let _ = vec![' '; 1];
        let _ = vec![vec![0i32; 1]; 1]; let _ = vec![vec![0i64; 1]; 1]; let _ = vec![vec![false; 1]; 1]; let _ = vec![vec![0usize; 1]; 1];
        let v: Vec<i32> = Vec::new(); let _: i32 = v.iter().sum(); let _: i64 = v.iter().map(|&x| x as i64).sum(); let _ = v.iter().max(); let _ = v.iter().min();
        let _: Vec<i32> = v.iter().cloned().collect(); let _: Vec<i32> = v.iter().copied().rev().collect(); let _: HashSet<i32> = v.iter().cloned().collect();
        let w: Vec<i64> = Vec::new(); let _: i64 = w.iter().sum(); let _ = w.iter().max(); let _ = w.iter().min();
        let _ = 0i32.to_string(); let _ = 0i64.to_string(); let _ = 'a'.to_string(); let _ = "".to_string(); let _ = s.parse::<i32>(); let _ = s.parse::<i64>();
        let _: Vec<String> = Vec::<String>::new().join(" ").split(' ').map(String::from).collect();
    }
}
`;
